import type { SpreadTree } from '@huoke/contracts';
import { visitorLabel } from '../visitorLabel';

interface TreeItem {
  name: string;
  value: number;
  children: TreeItem[];
}

/** The tree's ECharts data: the content → its sharers → the visitors they reached, level by level. */
export function spreadData(tree: SpreadTree, rootName: string, anonymous: string): TreeItem {
  const byVisitor = new Map<number, TreeItem>();
  for (const n of tree.nodes)
    byVisitor.set(n.visitorId, { name: visitorLabel(n.name, n.visitorId, anonymous), value: n.reach, children: [] });
  const sharers = new Map(tree.sharers.map((s) => [s.id, { name: s.name, value: 0, children: [] as TreeItem[] }]));
  for (const n of tree.nodes) {
    const item = byVisitor.get(n.visitorId)!;
    const parent = n.parentVisitorId === null ? undefined : byVisitor.get(n.parentVisitorId);
    if (parent) parent.children.push(item);
    else sharers.get(n.sharerId)?.children.push(item);
  }
  const roots = [...sharers.values()];
  for (const s of roots) s.value = s.children.reduce((a, c) => a + 1 + c.value, 0);
  return { name: rootName, value: tree.nodes.length, children: roots };
}

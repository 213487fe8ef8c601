import type { SpreadTree } from '@huoke/contracts';
import { describe, expect, it } from 'vitest';
import { spreadData } from './spreadData';

const node = (visitorId: number, parentVisitorId: number | null, depth: number, reach: number, name = '') => ({
  visitorId,
  name,
  parentVisitorId,
  depth,
  sharerId: 7,
  shareCode: 'code-123456',
  reach,
});

describe('spreadData', () => {
  it('hangs visitors under their forwarder and level-1 visitors under their sharer', () => {
    const tree: SpreadTree = {
      sharers: [{ id: 7, name: '李员工' }],
      nodes: [node(1, null, 1, 2, '王五'), node(2, 1, 2, 1), node(3, 2, 3, 0), node(4, null, 1, 0)],
      levels: [],
      topSpreaders: [],
      truncated: false,
    };
    const root = spreadData(tree, '春季新品发布', '匿名访客');
    expect(root.name).toBe('春季新品发布');
    expect(root.value).toBe(4);
    const [sharer] = root.children;
    expect(sharer).toMatchObject({ name: '李员工', value: 4 });
    expect(sharer.children.map((c) => c.name)).toEqual(['王五', '匿名访客 #4']);
    const b = sharer.children[0].children[0];
    expect(b.name).toBe('匿名访客 #2');
    expect(b.children.map((c) => c.name)).toEqual(['匿名访客 #3']);
  });
});

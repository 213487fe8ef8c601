import { MENU_TREE, type MenuDefinition, type MenuRoute } from '@huoke/contracts';
import type { Ctx } from '../../lib/tenancy.js';

function visible(def: MenuDefinition, ctx: Ctx): boolean {
  if (def.needsPermission && !ctx.permissions.includes(def.needsPermission)) return false;
  if (def.needsCode && !def.needsCode.some((c) => ctx.codes.includes(c))) return false;
  return true;
}

/** The menu tree of SPEC §3 filtered for this user in this company; empty groups drop out. */
export function menusFor(ctx: Ctx, tree: MenuDefinition[] = MENU_TREE): MenuRoute[] {
  const out: MenuRoute[] = [];
  for (const def of tree) {
    if (!visible(def, ctx)) continue;
    const { needsCode: _c, needsPermission: _p, children, ...route } = def;
    if (children) {
      const kids = menusFor(ctx, children);
      if (kids.length === 0) continue;
      out.push({ ...route, children: kids });
    } else out.push(route);
  }
  return out;
}

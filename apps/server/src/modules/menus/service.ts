import {
  MENU_TREE,
  type MenuDefinition,
  type MenuRoute,
  SERVICE_GATE,
  SYS_NAV,
  SYS_NAV_DEFAULT,
  type SysNavDefinition,
  type SysNavItem,
} from '@huoke/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { navChoices } from '../../db/schema/index.js';
import { BoundedCache } from '../../lib/bounded-cache.js';
import { CtxAnswers } from '../../lib/ctx-answers.js';
import { badRequest } from '../../lib/errors.js';
import { type Ctx, inCompany } from '../../lib/tenancy.js';

/**
 * Someone in no company (just registered, or removed from their last one) is offered only what they can use: the
 * workbench (创建企业 / 加入企业) and their account (the navbar's); 赢客, 更多应用 and the rest need a company. A group
 * is left to its entries: it drops out when none is left.
 */
const companyOnly = (def: MenuDefinition | SysNavDefinition, ctx: Ctx): boolean =>
  !ctx.companyId && !def.withoutCompany && !('children' in def && def.children);

/** Whether the caller is offered a menu entry or a navigation page: company, permission and service code. */
function offered(def: MenuDefinition | SysNavDefinition, ctx: Ctx): boolean {
  if (companyOnly(def, ctx)) return false;
  if (def.needsPermission && !ctx.permissions.includes(def.needsPermission)) return false;
  if (def.needsCode && !def.needsCode.some((c) => ctx.codes.includes(c))) return false;
  return true;
}

/** The menu tree of SPEC §3 filtered for this user in this company; empty groups drop out. */
function menusFor(ctx: Ctx, tree: MenuDefinition[] = MENU_TREE): MenuRoute[] {
  const out: MenuRoute[] = [];
  for (const def of tree) {
    if (!offered(def, ctx)) continue;
    const { needsCode: _c, needsPermission: _p, withoutCompany: _w, children, ...route } = def;
    if (children) {
      const kids = menusFor(ctx, children);
      if (kids.length === 0) continue;
      out.push({ ...route, children: kids });
    } else out.push(route);
  }
  return out;
}

/**
 * The answer of GET /usr/menus/routers, serialised once per company-or-none, permissions and service codes (it depends on
 * nothing else): building the tree and checking it against its recursive schema on every call held the console's
 * most frequent call far below a bare server's rate (bench/results/2026-11-23-summary.md, reads). Kept as UTF-8
 * bytes, and found by the session's Ctx object first, so a call builds no key (one per app: app.ts builds it).
 */
export class MenuAnswers {
  private readonly byRights = new BoundedCache<string, Buffer>(1_000);
  private readonly byCtx = new CtxAnswers();

  of(ctx: Ctx): Buffer {
    return this.byCtx.of(ctx, () => {
      const key = `${ctx.companyId ? 'in' : 'none'}\u0000${ctx.permissions.join(',')}\u0000${ctx.codes.join(',')}`;
      let json = this.byRights.get(key);
      if (!json) {
        json = Buffer.from(JSON.stringify({ data: menusFor(ctx) }));
        this.byRights.set(key, json);
      }
      return json;
    });
  }
}

const navItem = ({ id, title, path, icon }: SysNavDefinition): SysNavItem => ({ id, title, path, icon });

/** GetSysNavList: the catalogue entries this user may open in this company. */
export function navCatalogue(ctx: Ctx): SysNavItem[] {
  return SYS_NAV.filter((d) => offered(d, ctx)).map(navItem);
}

/** MySysNavList: the saved choice in its saved order, minus entries no longer allowed (default before any save). */
export async function myNav(app: FastifyInstance, ctx: Ctx): Promise<SysNavItem[]> {
  const [row] = await app.db
    .select({ navIds: navChoices.navIds })
    .from(navChoices)
    .where(inCompany(ctx, navChoices, eq(navChoices.userId, ctx.userId)));
  const allowed = new Map(navCatalogue(ctx).map((n) => [n.id, n]));
  return (row?.navIds ?? SYS_NAV_DEFAULT).flatMap((id) => allowed.get(id) ?? []);
}

export async function saveMyNav(app: FastifyInstance, ctx: Ctx, ids: number[]): Promise<SysNavItem[]> {
  const allowed = new Set(navCatalogue(ctx).map((n) => n.id));
  const bad = ids.find((id) => !allowed.has(id));
  if (bad !== undefined) throw badRequest(`ids: 导航项 ${bad} 不存在`, 'ids');
  await app.db
    .insert(navChoices)
    .values({ companyId: ctx.companyId, userId: ctx.userId, navIds: ids })
    .onConflictDoUpdate({ target: [navChoices.companyId, navChoices.userId], set: { navIds: ids } });
  return myNav(app, ctx);
}

/** SPEC §6 service gates: type 1 CASPUSH, 2 VISITINGCARD, 3 either, 4 WJTPOSTER; or a service code itself. */
export function isAuthorized(ctx: Ctx, code: string): boolean {
  const accepted: string[] = /^[1-4]$/.test(code) ? SERVICE_GATE[Number(code) as 1 | 2 | 3 | 4] : [code];
  return accepted.some((c) => ctx.codes.includes(c));
}

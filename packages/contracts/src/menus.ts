import { z } from 'zod';
import { idSchema } from './common.js';
import { type AppCode, SERVICE_GATE, type ServiceCode } from './constants.js';
import type { Permission } from './permissions.js';

/** Menu route item of SPEC §3, as /usr/menus/routers answers it. */
export interface MenuRoute {
  path: string;
  component: string;
  hidden?: boolean;
  isCat?: boolean;
  meta: { title: string; icon?: string };
  children?: MenuRoute[];
}
/** A menu route item (recursive): the OpenAPI document names it as the component `MenuRoute`. */
export const menuRoute: z.ZodType<MenuRoute> = z.lazy(() =>
  z.object({
    path: z.string(),
    component: z.string(),
    hidden: z.boolean().optional(),
    isCat: z.boolean().optional(),
    meta: z.object({ title: z.string(), icon: z.string().optional() }),
    children: z.array(menuRoute).optional(),
  }),
);
z.globalRegistry.add(menuRoute, { id: 'MenuRoute' });
/** GET /usr/menus/routers. */
export const menuRoutesAnswer = z.object({ data: z.array(menuRoute) });

/**
 * The menu tree the server filters per user. `component` names are mapped by the console through
 * an explicit whitelist (never imported as paths). `needs` lists what makes an entry visible.
 */
export interface MenuDefinition extends Omit<MenuRoute, 'children'> {
  needsPermission?: Permission;
  needsCode?: (AppCode | ServiceCode)[];
  /** A page someone in no company can use (the workbench that offers 创建企业 / 加入企业); every other one needs a company. */
  withoutCompany?: true;
  children?: MenuDefinition[];
}

// EXTERNAL_APPS lives in constants.ts (no zod) so the console's entry stays light.
export { EXTERNAL_APPS } from './constants.js';

/** A page of the console: its title, icon and who may open it, the same in the menu and the navigation catalogue. */
interface Page {
  title: string;
  path: string;
  icon?: string;
  needsPermission?: Permission;
  needsCode?: (AppCode | ServiceCode)[];
  withoutCompany?: true;
}

const PAGE = {
  home: { title: '工作台', path: '/home', icon: 'dashboard', withoutCompany: true },
  ranks: { title: '数据视图', path: '/ranks', icon: 'line-chart' },
  articles: { title: '文章管理', path: '/private-guest/articles', icon: 'read', needsCode: SERVICE_GATE[1] },
  articleEdit: { title: '编辑文章', path: '/private-guest/articles/edit', needsCode: SERVICE_GATE[1] },
  files: { title: '文件管理', path: '/private-guest/file-manage', icon: 'folder', needsCode: SERVICE_GATE[1] },
  videos: { title: '视频管理', path: '/private-guest/video', icon: 'video', needsCode: SERVICE_GATE[1] },
  posters: { title: '海报', path: '/private-guest/poster', icon: 'picture', needsCode: SERVICE_GATE[4] },
  card: { title: '电子名片', path: '/private-guest/card', icon: 'idcard', needsCode: SERVICE_GATE[2] },
  websites: { title: '微官网', path: '/private-guest/website', icon: 'global', needsCode: SERVICE_GATE[2] },
  radar: { title: '访客雷达', path: '/private-guest/radar', icon: 'radar', needsCode: SERVICE_GATE[3] },
  guestbook: { title: '留言管理', path: '/private-guest/guestbook', icon: 'message', needsCode: SERVICE_GATE[3] },
  expandWords: { title: '拓词工具', path: '/expand-words', icon: 'key' },
  aiDetection: { title: 'AI检测', path: '/win-customer/ai-detection', icon: 'robot' },
  drainage: { title: '引流获客', path: '/win-customer/drainage', icon: 'funnel' },
  cost: { title: '费用中心', path: '/cost/detail', icon: 'account-book', needsPermission: '/cost/view' },
  companyManage: {
    title: '企业管理',
    path: '/manage/company-manage/info',
    icon: 'bank',
    needsPermission: '/manage/company-manage/show',
  },
} satisfies Record<string, Page>;

/** The menu entry of a page, drawn by the console's `component` (hidden: routed, but not in the sidebar). */
const menuEntry = (
  { path, title, icon, needsPermission, needsCode, withoutCompany }: Page,
  component: string,
  hidden?: true,
): MenuDefinition => ({
  path,
  component,
  ...(hidden && { hidden }),
  meta: icon ? { title, icon } : { title },
  ...(needsPermission && { needsPermission }),
  ...(needsCode && { needsCode }),
  ...(withoutCompany && { withoutCompany }),
});

export const MENU_TREE: MenuDefinition[] = [
  {
    path: '/home',
    component: 'Layout',
    meta: { title: PAGE.home.title, icon: PAGE.home.icon },
    children: [menuEntry(PAGE.home, 'home')],
  },
  {
    path: '/private-guest',
    component: 'Layout',
    isCat: true,
    meta: { title: '私域获客', icon: 'team' },
    children: [
      menuEntry(PAGE.articles, 'articles'),
      menuEntry(PAGE.articleEdit, 'articleEdit', true),
      menuEntry(PAGE.files, 'files'),
      menuEntry(PAGE.videos, 'videos'),
      menuEntry(PAGE.posters, 'posters'),
      menuEntry(PAGE.card, 'card'),
      menuEntry(PAGE.websites, 'websites'),
      menuEntry(PAGE.radar, 'radar'),
      menuEntry(PAGE.guestbook, 'guestbook'),
    ],
  },
  {
    path: '/win-customer',
    component: 'Layout',
    isCat: true,
    meta: { title: '赢客', icon: 'rise' },
    children: [
      menuEntry(PAGE.expandWords, 'expandWords'),
      menuEntry(PAGE.aiDetection, 'aiDetection'),
      menuEntry(PAGE.drainage, 'drainage'),
    ],
  },
  {
    // Hidden: the navbar links here; listed so the route tree an admin receives includes it (SPEC §2.1).
    path: '/manage',
    component: 'Layout',
    hidden: true,
    meta: { title: PAGE.companyManage.title, icon: PAGE.companyManage.icon },
    children: [menuEntry(PAGE.companyManage, 'companyManage', true)],
  },
  {
    path: '/external',
    component: 'Layout',
    isCat: true,
    meta: { title: '更多应用', icon: 'appstore' },
    children: [
      { path: '/tube-guest/crm', component: 'external', meta: { title: 'CRM', icon: 'contacts' } },
      { path: '/big-data-guest/talk', component: 'external', meta: { title: '大数据找客', icon: 'search' } },
      { path: '/short-video/meida/', component: 'external', meta: { title: '短视频', icon: 'play' } },
    ],
  },
];

/** One entry of the navigation catalogue (GetSysNavList); a user picks some (MySysNavList). */
const sysNavItem = z.object({
  id: z.number().int(),
  title: z.string(),
  path: z.string(),
  icon: z.string(),
});
export type SysNavItem = z.infer<typeof sysNavItem>;
export const sysNavList = z.object({ data: z.array(sysNavItem) });

const SYS_NAV_MAX = 12;
export const saveSysNavBody = z.object({
  ids: z
    .array(idSchema)
    .max(SYS_NAV_MAX, `最多选择${SYS_NAV_MAX}个`)
    .refine((ids) => new Set(ids).size === ids.length, '不能重复选择'),
});

export interface SysNavDefinition extends SysNavItem {
  needsPermission?: Permission;
  needsCode?: (AppCode | ServiceCode)[];
  withoutCompany?: true;
}

/** The catalogue; ids are stable (they are saved). Entries the user cannot open are left out. */
export const SYS_NAV: SysNavDefinition[] = [
  { id: 1, ...PAGE.home },
  { id: 2, ...PAGE.ranks },
  { id: 3, ...PAGE.articles },
  { id: 4, ...PAGE.files },
  { id: 5, ...PAGE.videos },
  { id: 6, ...PAGE.posters },
  { id: 7, ...PAGE.card },
  { id: 8, ...PAGE.websites },
  { id: 9, ...PAGE.radar },
  { id: 10, ...PAGE.guestbook },
  { id: 11, ...PAGE.expandWords },
  { id: 12, ...PAGE.aiDetection },
  { id: 13, ...PAGE.drainage },
  { id: 14, ...PAGE.cost },
  { id: 15, ...PAGE.companyManage },
];
/** What MySysNavList answers before the user saved a choice. */
export const SYS_NAV_DEFAULT = [1, 2, 3, 9];

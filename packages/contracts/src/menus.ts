import { z } from 'zod';
import { idSchema } from './common.js';
import type { AppCode, ServiceCode } from './constants.js';
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
  children?: MenuDefinition[];
}

// EXTERNAL_APPS lives in constants.ts (no zod) so the console's entry stays light.
export { EXTERNAL_APPS } from './constants.js';

export const MENU_TREE: MenuDefinition[] = [
  {
    path: '/home',
    component: 'Layout',
    meta: { title: '工作台', icon: 'dashboard' },
    children: [{ path: '/home', component: 'home', meta: { title: '工作台', icon: 'dashboard' } }],
  },
  {
    path: '/private-guest',
    component: 'Layout',
    isCat: true,
    meta: { title: '私域获客', icon: 'team' },
    children: [
      {
        path: '/private-guest/articles',
        component: 'articles',
        meta: { title: '文章管理', icon: 'read' },
        needsCode: ['CASPUSH'],
      },
      {
        path: '/private-guest/articles/edit',
        component: 'articleEdit',
        hidden: true,
        meta: { title: '编辑文章' },
        needsCode: ['CASPUSH'],
      },
      {
        path: '/private-guest/file-manage',
        component: 'files',
        meta: { title: '文件管理', icon: 'folder' },
        needsCode: ['CASPUSH'],
      },
      {
        path: '/private-guest/video',
        component: 'videos',
        meta: { title: '视频管理', icon: 'video' },
        needsCode: ['CASPUSH'],
      },
      {
        path: '/private-guest/poster',
        component: 'posters',
        meta: { title: '海报', icon: 'picture' },
        needsCode: ['WJTPOSTER'],
      },
      {
        path: '/private-guest/card',
        component: 'card',
        meta: { title: '电子名片', icon: 'idcard' },
        needsCode: ['VISITINGCARD'],
      },
      {
        path: '/private-guest/website',
        component: 'websites',
        meta: { title: '微官网', icon: 'global' },
        needsCode: ['VISITINGCARD'],
      },
      {
        path: '/private-guest/radar',
        component: 'radar',
        meta: { title: '访客雷达', icon: 'radar' },
        needsCode: ['CASPUSH', 'VISITINGCARD'],
      },
      {
        path: '/private-guest/guestbook',
        component: 'guestbook',
        meta: { title: '留言管理', icon: 'message' },
        needsCode: ['CASPUSH', 'VISITINGCARD'],
      },
    ],
  },
  {
    path: '/win-customer',
    component: 'Layout',
    isCat: true,
    meta: { title: '赢客', icon: 'rise' },
    children: [
      { path: '/expand-words', component: 'expandWords', meta: { title: '拓词工具', icon: 'key' } },
      { path: '/win-customer/ai-detection', component: 'aiDetection', meta: { title: 'AI检测', icon: 'robot' } },
      { path: '/win-customer/drainage', component: 'drainage', meta: { title: '引流获客', icon: 'funnel' } },
    ],
  },
  {
    // Hidden: the navbar links here; listed so the route tree an admin receives includes it (SPEC §2.1).
    path: '/manage',
    component: 'Layout',
    hidden: true,
    meta: { title: '企业管理', icon: 'bank' },
    children: [
      {
        path: '/manage/company-manage/info',
        component: 'companyManage',
        hidden: true,
        meta: { title: '企业管理', icon: 'bank' },
        needsPermission: '/manage/company-manage/show',
      },
    ],
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
}

/** The catalogue; ids are stable (they are saved). Entries the user cannot open are left out. */
export const SYS_NAV: SysNavDefinition[] = [
  { id: 1, title: '工作台', path: '/home', icon: 'dashboard' },
  { id: 2, title: '数据看板', path: '/ranks', icon: 'line-chart' },
  { id: 3, title: '文章管理', path: '/private-guest/articles', icon: 'read', needsCode: ['CASPUSH'] },
  { id: 4, title: '文件管理', path: '/private-guest/file-manage', icon: 'folder', needsCode: ['CASPUSH'] },
  { id: 5, title: '视频管理', path: '/private-guest/video', icon: 'video', needsCode: ['CASPUSH'] },
  { id: 6, title: '海报', path: '/private-guest/poster', icon: 'picture', needsCode: ['WJTPOSTER'] },
  { id: 7, title: '电子名片', path: '/private-guest/card', icon: 'idcard', needsCode: ['VISITINGCARD'] },
  { id: 8, title: '微官网', path: '/private-guest/website', icon: 'global', needsCode: ['VISITINGCARD'] },
  {
    id: 9,
    title: '访客雷达',
    path: '/private-guest/radar',
    icon: 'radar',
    needsCode: ['CASPUSH', 'VISITINGCARD'],
  },
  {
    id: 10,
    title: '留言管理',
    path: '/private-guest/guestbook',
    icon: 'message',
    needsCode: ['CASPUSH', 'VISITINGCARD'],
  },
  { id: 11, title: '拓词工具', path: '/expand-words', icon: 'key' },
  { id: 12, title: 'AI检测', path: '/win-customer/ai-detection', icon: 'robot' },
  { id: 13, title: '引流获客', path: '/win-customer/drainage', icon: 'funnel' },
  { id: 14, title: '费用中心', path: '/cost/detail', icon: 'account-book', needsPermission: '/cost/view' },
  {
    id: 15,
    title: '企业管理',
    path: '/manage/company-manage/info',
    icon: 'bank',
    needsPermission: '/manage/company-manage/show',
  },
];
/** What MySysNavList answers before the user saved a choice. */
export const SYS_NAV_DEFAULT = [1, 2, 3, 9];

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

/**
 * The menu tree the server filters per user. `component` names are mapped by the console through
 * an explicit whitelist (never imported as paths). `needs` lists what makes an entry visible.
 */
export interface MenuDefinition extends Omit<MenuRoute, 'children'> {
  needsPermission?: Permission;
  needsCode?: (AppCode | ServiceCode)[];
  children?: MenuDefinition[];
}

/** External applications opened with a key instead of a route (SPEC §2.2). */
export const EXTERNAL_APPS: Record<string, AppCode> = {
  '/tube-guest/crm': 'WJTCRM',
  '/big-data-guest/talk': 'WJTSKB',
  '/short-video/meida/': 'SVIDEO',
};

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

import type { MenuRoute } from '@huoke/contracts';
import { describe, expect, it } from 'vitest';
import { isExternal, sidebarEntries, viewRoutes } from './menus';
import { isChunkError, viewTitle } from './views';

const tree: MenuRoute[] = [
  {
    path: '/home',
    component: 'Layout',
    meta: { title: '工作台' },
    children: [{ path: '/home', component: 'home', meta: { title: '工作台' } }],
  },
  {
    path: '/private-guest',
    component: 'Layout',
    isCat: true,
    meta: { title: '私域获客' },
    children: [
      { path: '/private-guest/articles', component: 'articles', meta: { title: '文章管理' } },
      { path: '/private-guest/articles/edit', component: 'articleEdit', hidden: true, meta: { title: '编辑文章' } },
      { path: '/private-guest/video', component: 'videos', meta: { title: '视频管理' } },
    ],
  },
  {
    path: '/lonely',
    component: 'Layout',
    meta: { title: '分组' },
    children: [
      { path: '/lonely/one', component: 'one', meta: { title: '唯一' } },
      { path: '/lonely/hidden', component: 'two', hidden: true, meta: { title: '隐藏' } },
    ],
  },
  { path: '/gone', component: 'Layout', hidden: true, meta: { title: '隐藏组' }, children: [] },
  {
    path: '/external',
    component: 'Layout',
    isCat: true,
    meta: { title: '更多应用' },
    children: [
      { path: '/tube-guest/crm', component: 'external', meta: { title: 'CRM' } },
      { path: '/short-video/meida/', component: 'external', meta: { title: '短视频' } },
    ],
  },
];

describe('sidebarEntries', () => {
  it('leaves hidden items out and shows a group with one visible child as that child', () => {
    const entries = sidebarEntries(tree);
    expect(entries.map((e) => e.key)).toEqual(['/home', '/private-guest', '/lonely/one', '/external']);
    expect(entries[1].children?.map((c) => c.key)).toEqual(['/private-guest/articles', '/private-guest/video']);
    expect(entries[1].isCat).toBe(true);
  });
});

describe('viewRoutes', () => {
  it('maps every view path (hidden ones too) to its component, never the external ones', () => {
    const routes = viewRoutes(tree);
    expect(routes.get('/private-guest/articles/edit')?.component).toBe('articleEdit');
    expect(routes.get('/lonely/hidden')?.component).toBe('two');
    expect(routes.has('/tube-guest/crm')).toBe(false);
    expect(routes.has('/private-guest')).toBe(false);
  });
  it('knows the external paths with or without the trailing slash', () => {
    expect(isExternal('/short-video/meida/')).toBe(true);
    expect(isExternal('/short-video/meida')).toBe(true);
    expect(isExternal('/home')).toBe(false);
  });
});

describe('isChunkError', () => {
  it('recognises failed script and style chunks', () => {
    expect(isChunkError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkError(Object.assign(new Error('x'), { name: 'ChunkLoadError' }))).toBe(true);
    expect(isChunkError(Object.assign(new Error('x'), { code: 'CSS_CHUNK_LOAD_FAILED' }))).toBe(true);
    expect(isChunkError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkError(new Error('boom'))).toBe(false);
  });
  it('recognises a chunk of another deploy that no longer links (stale files)', () => {
    expect(
      isChunkError(new SyntaxError("The requested module './react-DJBmRa0d.js' does not provide an export named 'x'")),
    ).toBe(true);
    expect(isChunkError(new SyntaxError('Unexpected token'))).toBe(false);
  });
});

describe('viewTitle', () => {
  it('names the article editor by its query: a new article without an id (the menu says 编辑文章 for both)', () => {
    expect(viewTitle('articleEdit', new URLSearchParams(''))).toBe('articles:editor.createTitle');
    expect(viewTitle('articleEdit', new URLSearchParams('id=12'))).toBe('articles:editor.editTitle');
    expect(viewTitle('articles', new URLSearchParams('id=12'))).toBeUndefined();
  });
});

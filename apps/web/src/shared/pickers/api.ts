import { PAGE_SIZE, type Page } from '@huoke/contracts';
import type { RouteBody } from '@huoke/contracts/route';
import { articlesRoutes } from '@huoke/contracts/routes/articles';
import { documentsRoutes } from '@huoke/contracts/routes/documents';
import { filesRoutes as r } from '@huoke/contracts/routes/files';
import { videosRoutes } from '@huoke/contracts/routes/videos';
import { call } from '../call';
import type { PickableKind, PickedItem, PickerTab } from './types';

/** Calls of the pickers (the file library under /fs, and the three content lists). */
export const pickerApi = {
  groups: () => call(r.groups),
  addGroup: (name: string) => call(r.addGroup, { body: { name } }),
  editGroup: (id: number, name: string) => call(r.editGroup, { body: { id, name } }),
  deleteGroup: (id: number) => call(r.deleteGroup, { params: { id } }),
  files: (body: RouteBody<typeof r.fileManager>) => call(r.fileManager, { body }),
};

/** One page of the content list a picker tab shows, mapped to picked items. */
export async function pickerPage(kind: PickableKind, tab: PickerTab, pageIndex: number): Promise<Page<PickedItem>> {
  const pageSize = kind === 'article' ? PAGE_SIZE.list : PAGE_SIZE.videoAndFile;
  if (kind === 'article') {
    const p = await call(articlesRoutes.picker, { body: { pageIndex, pageSize, articleClassify: tab } });
    return { ...p, data: p.data.map((a) => ({ id: a.id, title: a.title, cover: a.thumbnail || null })) };
  }
  if (kind === 'document') {
    const p = await call(documentsRoutes.page, { body: { pageIndex, pageSize, typeValue: tab } });
    return { ...p, data: p.data.map((d) => ({ id: d.id, title: d.title, cover: null })) };
  }
  const p = await call(videosRoutes.page, { query: { pageIndex, pageSize, typeValue: tab } });
  return { ...p, data: p.data.map((v) => ({ id: v.id, title: v.title, cover: v.videoPicUrl || null })) };
}

/** coverFileName is a full URL or a path appended to the file host (SPEC §3); the host is this origin. */
export function fileHref(path: string) {
  if (!path) return '';
  if (/^(https?:|data:|blob:)/i.test(path) || path.startsWith('/')) return path;
  return `/${path}`;
}

import type {
  ArticleListItem,
  DocumentItem,
  FileGroup,
  FileItem,
  FileManagerBody,
  Page,
  VideoItem,
} from '@huoke/contracts';
import { PAGE_SIZE } from '@huoke/contracts';
import { request } from '../request';
import type { PickableKind, PickedItem, PickerTab } from './types';

/** Calls of the pickers (the file library under /fs, and the three content lists). */
export const pickerApi = {
  groups: () => request<FileGroup[]>('GET', '/fs/FileGroup/All'),
  addGroup: (name: string) => request<FileGroup>('POST', '/fs/FileGroup/Add', { name }),
  editGroup: (id: number, name: string) => request<FileGroup>('POST', '/fs/FileGroup/Edit', { id, name }),
  deleteGroup: (id: number) => request<unknown>('DELETE', `/fs/FileGroup/Delete/${id}`),
  files: (body: FileManagerBody) => request<Page<FileItem>>('POST', '/fs/Files/FileManager', body),
};

/** One page of the content list a picker tab shows, mapped to picked items. */
export async function pickerPage(kind: PickableKind, tab: PickerTab, pageIndex: number): Promise<Page<PickedItem>> {
  const pageSize = kind === 'article' ? PAGE_SIZE.list : PAGE_SIZE.videoAndFile;
  if (kind === 'article') {
    const p = await request<Page<ArticleListItem>>('POST', '/caspush/articlemanager/GetPickerList', {
      pageIndex,
      pageSize,
      articleClassify: tab,
    });
    return { ...p, data: p.data.map((a) => ({ id: a.id, title: a.title, cover: a.thumbnail || null })) };
  }
  if (kind === 'document') {
    const p = await request<Page<DocumentItem>>('POST', '/caspush/v2/WjtDocument/GetPageDataAsync', {
      pageIndex,
      pageSize,
      typeValue: tab,
    });
    return { ...p, data: p.data.map((d) => ({ id: d.id, title: d.title, cover: null })) };
  }
  const p = await request<Page<VideoItem>>(
    'POST',
    `/caspush/v2/WjtVideo/GetPageDataAsync?pageIndex=${pageIndex}&pageSize=${pageSize}&typeValue=${tab}`,
    { pageIndex, pageSize, typeValue: tab },
  );
  return { ...p, data: p.data.map((v) => ({ id: v.id, title: v.title, cover: v.videoPicUrl || null })) };
}

/** coverFileName is a full URL or a path appended to the file host (SPEC §3); the host is this origin. */
export function fileHref(path: string) {
  if (!path) return '';
  if (/^(https?:|data:|blob:)/i.test(path) || path.startsWith('/')) return path;
  return `/${path}`;
}

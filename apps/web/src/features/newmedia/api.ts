import type {
  ChangeWordAnswer,
  ChangeWordBody,
  ExpandAnswer,
  ExpandBody,
  KeywordSet,
  KeywordSetBody,
  MediaKeyword,
  RemainderAnswer,
} from '@huoke/contracts';
import { request } from '../../shared/request';

/** Typed calls of the new-media tools (server module `newmedia`): keyword configuration, word change, expansion. */
export const newmediaApi = {
  keywords: () => request<{ data: MediaKeyword[] }>('GET', '/newmedia/SvideoProductKeyword/GetKeywordAll'),
  addKeyword: (keyword: string, productName: string) =>
    request<{ id: number }>('POST', '/newmedia/SvideoProductKeyword/Add', { keyword, productName }),
  deleteKeyword: (id: number) => request<{ ok: true }>('DELETE', `/newmedia/SvideoProductKeyword/${id}`),
  changeWord: (body: ChangeWordBody) => request<ChangeWordAnswer>('POST', '/article/WjtNewsYxws/ChangeWord', body),
  remainder: () => request<RemainderAnswer>('GET', '/article/WjtNewsYxws/GetChangeWordRemainderCount'),

  expand: (body: ExpandBody) => request<ExpandAnswer>('POST', '/newmedia/ExpandWords/Generate', body),
  keywordSets: () => request<{ data: KeywordSet[] }>('GET', '/newmedia/ExpandWords/Sets'),
  saveKeywordSet: (body: KeywordSetBody) => request<{ id: number }>('POST', '/newmedia/ExpandWords/Sets', body),
  deleteKeywordSet: (id: number) => request<{ ok: true }>('DELETE', `/newmedia/ExpandWords/Sets/${id}`),
  exportKeywordSet: (id: number) => request<string>('GET', `/newmedia/ExpandWords/Sets/${id}/export`),
};

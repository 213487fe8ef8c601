import type { CardInfo, ShareAnswer, ShareSettings, SpreadTree } from '@huoke/contracts';
import { request } from '../request';

const S = '/caspush/SstArticleShare';

/** Calls of the share seams (panel, poster dialogs); the e-card page has its own in features/card. */
export const shareApi = {
  /** The forwarding tree of a content's shares (who forwarded it to whom). */
  contentSpread: (kind: number, contentId: number) =>
    request<SpreadTree>('GET', `/cus/chains/ContentSpread?kind=${kind}&contentId=${contentId}`),
  card: () => request<CardInfo>('GET', `${S}/GetArticleCardAsync`),
  templateShare: (body: ShareSettings) => request<ShareAnswer>('POST', `${S}/TemplateShareAsync`, body),
  share: (body: ShareSettings) => request<ShareAnswer>('POST', `${S}/ShareAsync`, body),
  shareContent: (kind: 'video' | 'document' | 'card' | 'website', id: number) =>
    request<ShareAnswer>('POST', `${S}/ShareContent`, { kind, id }),
  pushToApp: (articleId: number) => request<{ ok: true; message: string }>('POST', `${S}/PushToApp`, { articleId }),
  cardQr: (empId: number) =>
    request<{ link: string; qrCode: string }>('POST', `/visitingcard/empcard/GetCardQR/${empId}?isBase64=true`),
  composePoster: (body: { posterUrl: string; name: string; companyName: string; qrCodeUrl: string }) =>
    request<{ url: string }>('POST', '/caspush/SstFriendCircleMaterialArticle/PosterCompositePictureAsync', body),
  /** The article itself (content area's call) for the article poster. */
  article: (id: number) =>
    request<{ id: number; title: string; articleFrom?: string; createTime: string; content: string }>(
      'GET',
      `/caspush/articlemanager/${id}`,
    ),
};

export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Falls back below (insecure origins, denied permission).
    }
  }
  const ta = document.createElement('textarea');
  ta.value = text;
  ta.setAttribute('readonly', '');
  ta.style.position = 'fixed';
  ta.style.opacity = '0';
  document.body.appendChild(ta);
  ta.select();
  document.execCommand('copy');
  ta.remove();
}

/** Saves a URL (same origin or data:) as a file. */
export function download(url: string, filename: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

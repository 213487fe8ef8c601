import type { RouteBody } from '@huoke/contracts/route';
import { articlesRoutes } from '@huoke/contracts/routes/articles';
import { chainsRoutes } from '@huoke/contracts/routes/radar';
import { cardRoutes, postersRoutes, shareRoutes as r } from '@huoke/contracts/routes/sharing';
import { call } from '../call';

/** Calls of the share seams (panel, poster dialogs); the e-card page has its own in features/card. */
export const shareApi = {
  /** The forwarding tree of a content's shares (who forwarded it to whom). */
  contentSpread: (kind: number, contentId: number) => call(chainsRoutes.contentSpread, { query: { kind, contentId } }),
  card: () => call(r.card),
  templateShare: (body: RouteBody<typeof r.templateShare>) => call(r.templateShare, { body }),
  share: (body: RouteBody<typeof r.share>) => call(r.share, { body }),
  shareContent: (kind: 'video' | 'document' | 'card' | 'website', id: number) =>
    call(r.shareContent, { body: { kind, id } }),
  pushToApp: (articleId: number) => call(r.pushToApp, { body: { articleId } }),
  cardQr: (empId: number) => call(cardRoutes.qr, { params: { id: empId }, query: { isBase64: 'true' }, body: {} }),
  composePoster: (body: RouteBody<typeof postersRoutes.compose>) => call(postersRoutes.compose, { body }),
  /** The article itself (content area's call) for the article poster. */
  article: (id: number) => call(articlesRoutes.get, { params: { id } }),
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

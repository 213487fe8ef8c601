/** What can be shared from the console (article drawer, video and document lists). */
export type ShareableKind = 'article' | 'video' | 'document';

export interface SharePanelProps {
  kind: ShareableKind;
  id: number;
}

/** Share panel of the article detail drawer (SPEC §2.3): card switch and tags, related items, link + QR, push. */
export function SharePanel(_props: SharePanelProps) {
  return null;
}

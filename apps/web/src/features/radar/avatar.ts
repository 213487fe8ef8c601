/** Media files are served under /files/ (the media base address). */
const MEDIA_BASE = '/files/';

/** SPEC §3: headimgurl is used as is when it contains http, otherwise prefixed by the media base. */
export function avatarUrl(headimgurl: string | null | undefined): string | undefined {
  if (!headimgurl) return undefined;
  if (headimgurl.includes('http')) return headimgurl;
  return `${MEDIA_BASE}${headimgurl.replace(/^\/+/, '')}`;
}

/** '- -' for an empty value (landline, company, position). */
export const orDash = (v: string | null | undefined) => (v?.trim() ? v : '- -');

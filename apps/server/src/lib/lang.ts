/** The reader's language: the console's i18n language or a visitor's browser, sent as Accept-Language. */
export type Lang = 'zh' | 'en';

/**
 * zh unless the reader prefers English to Chinese: the first of the listed languages (by q, then order) that is
 * Chinese or English decides; none of them, or no header, reads Chinese (the product's default).
 */
export function langOf(header: string | string[] | undefined): Lang {
  const raw = Array.isArray(header) ? header.join(',') : (header ?? '');
  if (!raw) return 'zh';
  const tags = raw
    .split(',')
    .map((part, i) => {
      const [tag, ...ps] = part.trim().toLowerCase().split(';');
      const q = ps.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
      return { tag: tag.trim(), q: q ? Number(q[1]) : 1, i };
    })
    .filter((x) => x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of tags) {
    if (tag === 'zh' || tag.startsWith('zh-')) return 'zh';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return 'zh';
}

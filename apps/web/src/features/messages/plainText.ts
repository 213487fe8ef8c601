const ESCAPED: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * A system message's body typed as plain text, as the HTML the message stores: each line a paragraph, every
 * character shown as typed (a typed `<b>` stays text). Three typed lines were read as HTML and shown on one.
 */
export function plainTextToHtml(text: string): string {
  if (!text.trim()) return '';
  return text
    .split(/\r?\n/)
    .map((line) => `<p>${line.replace(/[&<>"']/g, (c) => ESCAPED[c]) || '<br>'}</p>`)
    .join('');
}

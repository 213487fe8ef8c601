/** A guestbook message's words as the radar quotes them (the timeline, radar and 🔥 messages). */
import type { Lang } from '../../lib/lang.js';

/** How much of a guestbook message a radar message (a notice's one line) quotes. */
export const RADAR_NOTE_MAX = 40;

/** The words a radar or 🔥 message stores of a note: one more than it quotes, so withNote knows to add "…". */
export const noteHead = (note: string) => [...note].slice(0, RADAR_NOTE_MAX + 1).join('');

/**
 * A guestbook message's line with its words, at most `max` characters of them (在文章《…》留言：「请寄样品」 /
 * left a message on the article “…”: “…”); a line without words as it is.
 */
export function withNote(line: string, note: string, max: number, lang: Lang): string {
  if (!note) return line;
  const words = [...note.replace(/\s+/g, ' ').trim()];
  const shown = words.length > max ? `${words.slice(0, max).join('')}…` : words.join('');
  return lang === 'en' ? `${line}: \u201c${shown}\u201d` : `${line}：「${shown}」`;
}

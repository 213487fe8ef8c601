import type { Lang } from '../../lib/lang.js';
import { byPhrase, type Phrase } from '../../lib/phrasebook.js';

/**
 * A consumption record's note in the reader's language. The areas that bill write it in Chinese (SMS, the guestbook's
 * reply SMS, a rewrite, an order); the English console read 验证码短信 138****0002 beside an English type. A note of
 * another shape (written before these, or by hand) is answered as stored.
 */
const ENGLISH: Phrase[] = [
  [/^验证码短信 (\S+)$/, (phone) => `Verification SMS ${phone}`],
  [/^留言回复短信 (\S+)$/, (phone) => `Guestbook reply SMS ${phone}`],
  [/^伪原创改写 (\d+) 字，替换 (\d+) 处$/, (chars, changed) => `Rewrite of ${chars} characters, ${changed} replaced`],
  [/^(.*?) ?订单 (\S+)$/, (product, number) => `${product ? `${product} ` : ''}order ${number}`],
];

export function noteIn(lang: Lang, note: string): string {
  return lang === 'en' ? (byPhrase(ENGLISH, note) ?? note) : note;
}

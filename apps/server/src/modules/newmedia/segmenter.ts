import { Jieba, type TaggedWord } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';

/**
 * The Chinese segmenter (jieba, through @node-rs/jieba's prebuilt binary) with its default dictionary, created on
 * first use (loading the dictionary takes a moment) and shared by every request.
 *
 * A company's core keywords act as user words: the word change cuts the text at them before jieba sees it
 * (see protect.ts), so each is always one token, without adding one company's words to the dictionary every
 * other company's text is cut with.
 */
let jieba: Jieba | undefined;

function segmenter(): Jieba {
  jieba ??= Jieba.withDict(dict);
  return jieba;
}

/** Words of a text with jieba's part-of-speech tags (n noun, v verb, a adjective, d adverb, m number…). */
export function tag(text: string): TaggedWord[] {
  return segmenter().tag(text, true);
}

/** Words of a text (jieba's accurate mode with HMM for unknown words). */
export function cut(text: string): string[] {
  return segmenter().cut(text, true);
}

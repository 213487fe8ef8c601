import { readFileSync, statSync } from 'node:fs';
import { type Encoded, splicedVariants } from '../lib/compressed.js';
import { inlineStyleHashes } from './security-headers.js';

/** How often at most the file's size and time are looked at: a rebuild shows within a second. */
const RECHECK_MS = 1000;

type ConsolePage = {
  /** The page's head for the reader's language, compressed once, with this answer's tail appended. */
  body: (lang: 'zh' | 'en', acceptEncoding: string, tail: string) => Encoded;
  /** What follows the head: from </body> on. */
  rest: string;
  /** The CSP hashes of the page's inline style blocks. */
  inlineHashes: string[];
};

/** The built index.html made ready to serve: the product name in, a head per language, its inline styles' hashes. */
function prepare(html: string, appName: string): ConsolePage | null {
  const named = html.replaceAll('获客通', appName);
  // The page ends with each answer's nonce, after a head that is compressed once.
  const cut = named.lastIndexOf('</body>');
  // A file being written by a build that has not finished: the page served so far stays.
  if (cut < 0) return null;
  const head = named.slice(0, cut);
  // The start screen speaks the reader's stored language (the console's `language` cookie): one head per language.
  const heads = {
    zh: splicedVariants(head),
    en: splicedVariants(head.replace(/<html lang="[^"]*"/, '<html lang="en"')),
  };
  return {
    body: (lang, acceptEncoding, tail) => heads[lang](acceptEncoding, tail),
    rest: named.slice(cut),
    inlineHashes: inlineStyleHashes(named),
  };
}

/**
 * The console's index.html, read once and kept (with its compressed heads), and read again when the file on disk
 * changed: a console rebuilt behind a running server names new hashed scripts, and the page read at start named
 * removed ones (a blank page until a restart). The file's size and modification time are looked at once a second
 * at most, so a page load costs no file system call in the common case.
 */
export function consolePage(file: string, appName: string, now = Date.now): () => ConsolePage {
  const stampOf = () => {
    const s = statSync(file, { throwIfNoEntry: false });
    return s ? `${s.mtimeMs}:${s.size}` : null;
  };
  let stamp = stampOf();
  const first = prepare(readFileSync(file, 'utf8'), appName);
  if (!first) throw new Error(`${file} has no </body>`);
  let page = first;
  let checkedAt = now();
  return () => {
    if (now() - checkedAt < RECHECK_MS) return page;
    checkedAt = now();
    const current = stampOf();
    // Gone (a build emptying its folder): the page served so far stays until the new file is there.
    if (!current || current === stamp) return page;
    try {
      const next = prepare(readFileSync(file, 'utf8'), appName);
      if (next) {
        page = next;
        stamp = current;
      }
    } catch {
      // Removed between the look and the read: tried again at the next look.
    }
    return page;
  };
}

/** The one rule for every URL the server stores (images, covers, avatars, links): `storedUrl`. */
import { z } from 'zod';

/** Longest stored link (a data: image may be longer where the field allows one). */
const URL_MAX = 2000;
const URL_INVALID = '地址无效（只能是 http/https 链接或本站文件地址）';

/**
 * Characters that may break out of an HTML attribute, a srcset or CSS (quotes, angle brackets, backtick,
 * backslash), whitespace of any kind and control characters (C0, DEL, C1, line and paragraph separators).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
const UNSAFE = /[\s"'<>`\\\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const OWN_PATH = /^\/api\/fs\/[\w\-./~%]+$/;
/** A `.` or `..` path segment as a browser reads it (`%2e` is a dot): `/api/fs/%2e%2e/usr/…` is `/api/usr/…`. */
const DOT_SEGMENT = /^(\.|%2e){1,2}$/i;
/** Raster images inline as base64 (no SVG: it may carry script). */
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$/;

interface UrlRule {
  /** Also accept a base64 raster image (`data:image/png;base64,…`): image fields edited in place. */
  dataImage?: boolean;
  /** Only http/https absolute URLs (a URL the server fetches): not the server's own paths. */
  absolute?: boolean;
}

/** True when `s` is an http/https absolute URL, or (unless `absolute`) one of the server's own file paths. */
function isSafeUrl(s: string, rule: UrlRule = {}): boolean {
  if (rule.dataImage && s.startsWith('data:')) return DATA_IMAGE.test(s);
  if (UNSAFE.test(s)) return false;
  if (s.startsWith('/'))
    return !rule.absolute && OWN_PATH.test(s) && !s.split('/').some((seg) => DOT_SEGMENT.test(seg));
  if (!/^https?:\/\//i.test(s)) return false;
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '' && !u.username && !u.password;
  } catch {
    return false;
  }
}

/**
 * A stored URL field: trimmed, at most `max` characters, '' for none (add `.min(1, …)` where one is required),
 * else `isSafeUrl`. Refused values answer 400 naming the field.
 */
export const storedUrl = (opts: UrlRule & { max?: number; message?: string } = {}) =>
  z
    .string()
    .trim()
    .max(opts.max ?? URL_MAX, `地址过长（最多${opts.max ?? URL_MAX}个字符）`)
    .refine((s) => s === '' || isSafeUrl(s, opts), opts.message ?? URL_INVALID)
    .meta({ format: opts.absolute ? 'uri' : 'uri-reference' });

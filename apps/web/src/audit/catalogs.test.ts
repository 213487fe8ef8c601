import { describe, expect, it } from 'vitest';

/**
 * The translation catalogs are data (`locales/zh-CN.json` and `locales/en.json` beside each area's `locales.ts`, the
 * pickers' `texts.ts`); the two languages must name exactly the same keys, or a screen falls back to the other
 * language (or to the raw key) in one of them. Checked through the typed entries, as the console registers them.
 */
type Catalog = Record<string, unknown>;
type Entry = { default: Record<string, Catalog> };

const entries = import.meta.glob<Entry>(
  ['../features/*/locales.ts', '../shared/locales.ts', '../shared/*/locales.ts', '../shared/pickers/texts.ts'],
  { eager: true },
);
/**
 * The server menu's titles are Chinese and are their own keys (`menu.<title>`, with the title as the default value):
 * the Chinese catalog needs no entry for them, only the English one does.
 */
const TITLE_KEYED: Record<string, RegExp | undefined> = { '../shared/locales.ts': /^menu\./ };

const jsonCatalogs = Object.keys(import.meta.glob(['../features/**/locales/*.json', '../shared/**/locales/*.json']));

/**
 * A plural form (i18next's `key_one`, `key_other`…) stands for its key: English says `blockCount_one` and
 * `blockCount_other` where Chinese, with one form, says `blockCount`.
 */
const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;

/** Every key path of a catalog (`audit.actions.member.add`), leaves and branches alike, plural forms as their key. */
function keyPaths(catalog: Catalog, prefix = ''): string[] {
  return Object.entries(catalog).flatMap(([key, value]) => {
    const isBranch = typeof value === 'object' && value !== null;
    const path = `${prefix}${isBranch ? key : key.replace(PLURAL_FORM, '')}`;
    return isBranch ? [path, ...keyPaths(value as Catalog, `${path}.`)] : [path];
  });
}

/** The key paths one language has and the other lacks, named `<lng> lacks <path>` (but for Chinese title keys). */
function keyGaps(byLanguage: Record<string, Catalog>, titleKeyed?: RegExp): string[] {
  const zh = new Set(keyPaths(byLanguage['zh-CN'] ?? {}));
  const en = new Set(keyPaths(byLanguage.en ?? {}));
  return [
    ...[...zh].filter((k) => !en.has(k)).map((k) => `en lacks ${k}`),
    ...[...en].filter((k) => !zh.has(k) && !titleKeyed?.test(k)).map((k) => `zh-CN lacks ${k}`),
  ];
}

/** An English string counting things in one form for every count (`{{count}} blocks` read "1 blocks"). */
const ONE_FORM_COUNT = /\{\{count\}\} (?:other )?[a-z]+s\b/;

/** The English leaves (paths) that count things without being a plural form. */
function oneFormCounts(catalog: Catalog, prefix = ''): string[] {
  return Object.entries(catalog).flatMap(([key, value]) => {
    if (typeof value === 'object' && value !== null) return oneFormCounts(value as Catalog, `${prefix}${key}.`);
    return typeof value === 'string' && !PLURAL_FORM.test(key) && ONE_FORM_COUNT.test(value) ? [`${prefix}${key}`] : [];
  });
}

describe('translation catalogs', () => {
  it('every catalog has Chinese and English with exactly the same keys', () => {
    const paths = Object.keys(entries);
    expect(paths.length).toBeGreaterThan(20);
    const gaps = paths.flatMap((path) => {
      const byLanguage = entries[path].default;
      const languages = Object.keys(byLanguage).sort();
      if (languages.join() !== 'en,zh-CN') return [`${path}: languages ${languages.join()}`];
      return keyGaps(byLanguage, TITLE_KEYED[path]).map((gap) => `${path}: ${gap}`);
    });
    expect(gaps).toEqual([]);
  });

  it('English counts things with a singular and a plural form', () => {
    const gaps = Object.entries(entries).flatMap(([path, entry]) =>
      oneFormCounts(entry.default.en ?? {}).map((key) => `${path}: ${key}`),
    );
    expect(gaps).toEqual([]);
    expect(oneFormCounts({ a: { blockCount: '{{count}} blocks' }, b_one: '{{count}} block' })).toEqual([
      'a.blockCount',
    ]);
  });

  it('every JSON catalog sits beside a typed entry that imports it', () => {
    const entryFolders = Object.keys(entries).map((path) => path.replace(/[^/]+\.ts$/, 'locales/'));
    const orphans = jsonCatalogs.filter((json) => !entryFolders.some((folder) => json.startsWith(folder)));
    expect(orphans).toEqual([]);
    expect(jsonCatalogs.length).toBe(2 * Object.keys(entries).length);
  });

  it('the check names a key one language lacks', () => {
    const gaps = keyGaps({ 'zh-CN': { a: '甲', b: { c: '丙' } }, en: { a: 'A', b: {}, d: 'D' } });
    expect(gaps).toEqual(['en lacks b.c', 'zh-CN lacks d']);
  });

  it('counts the plural forms of a key as that key, and still names a key only one language has', () => {
    const zh = { blocks: '{{count}} 个区块', days: '{{count}} 天' };
    expect(
      keyGaps({ 'zh-CN': zh, en: { blocks_one: '{{count}} block', blocks_other: '{{count}} blocks', days: '' } }),
    ).toEqual([]);
    expect(keyGaps({ 'zh-CN': zh, en: { blocks_one: '', days: '', seats_other: '' } })).toEqual(['zh-CN lacks seats']);
  });
});

import { describe, expect, it } from 'vitest';
import { langOf } from './lang.js';

describe('langOf', () => {
  it('reads Chinese by default and English when the reader prefers it', () => {
    expect(langOf(undefined)).toBe('zh');
    expect(langOf('')).toBe('zh');
    expect(langOf('zh-CN')).toBe('zh');
    expect(langOf('en')).toBe('en');
    expect(langOf('en-US,en;q=0.9,zh-CN;q=0.8')).toBe('en');
    expect(langOf('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh');
    expect(langOf('fr-FR,en;q=0.5')).toBe('en');
    expect(langOf('zh;q=0.4,en;q=0.6')).toBe('en');
    expect(langOf('de')).toBe('zh');
  });
});

/** The rule as first written: every entry parsed, the list sorted by q then order, the first zh or en decides. */
function byTheList(raw: string): 'zh' | 'en' {
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

describe('langOf against the sorted list', () => {
  it('edge cases: q 0, a q that is not a number, upper case, spaces, empty entries, other parameters', () => {
    for (const h of [
      'en;q=0,zh;q=0.1',
      'en;q=0',
      'en;q=1.2.3,zh;q=0.1',
      'EN-us , ZH;Q=0.9',
      ' , ,en',
      'zh;x=1;q=0.5,en;q=0.6',
      'zh;q=0.5;q=0.9,en;q=0.6',
      'en;q=0.5,zh;q=0.5',
      'zh-Hant-TW;q=0.5,en-GB;q=0.50',
      'english,zhuang',
      'en;q= 0.7 ,zh;q=0.8',
      '*,en;q=0.1',
      'en;q=0.5\t,\tzh;q=0.4',
      'zh;q=,en;q=0.1',
      'en-;q=0.9,zh;q=0.8',
    ])
      expect([h, langOf(h)]).toEqual([h, byTheList(h)]);
    expect(langOf(['fr', 'en;q=0.5'])).toBe('en');
  });

  it('agrees on 20,000 random headers', () => {
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const tags = ['zh', 'zh-CN', 'ZH-tw', 'en', 'en-US', 'EN', 'fr', 'de-DE', '*', 'zhx', 'eng', ''];
    const qs = [
      '',
      ';q=0',
      ';q=0.5',
      ';q=1',
      ';q=0.50',
      ';q=0.9',
      ';Q=0.3',
      ';q=x',
      ';q=1.5',
      ';a=b;q=0.2',
      '; q=0.4 ',
    ];
    for (let i = 0; i < 20_000; i++) {
      const n = rnd(5);
      const h = Array.from(
        { length: n },
        () => `${rnd(3) ? '' : ' '}${tags[rnd(tags.length)]}${qs[rnd(qs.length)]}`,
      ).join(rnd(4) ? ',' : ', ');
      if (langOf(h) !== byTheList(h)) expect([h, langOf(h)]).toEqual([h, byTheList(h)]);
    }
  });
});

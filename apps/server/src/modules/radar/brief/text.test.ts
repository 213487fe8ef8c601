import { describe, expect, it } from 'vitest';
import { briefDescription } from './text.js';

describe('the daily brief in words', () => {
  const busy = { brief: '2026-11-26', n: 3, l: 2, c: 1, t: '春季新品', s: 5 };
  const quiet = { brief: '2026-11-26', n: 0, l: 0, c: 0, s: 0 };

  it('reads as a Chinese CRM screen does, with 条 for leads', () => {
    expect(briefDescription(busy, 'zh')).toBe(
      '今日建议跟进线索 3 条；昨日新增留资线索 2 条、咨询 1 次；昨日访问最多：《春季新品》；已连续分享 5 天',
    );
  });

  it('says a quiet day in words instead of zeros', () => {
    expect(briefDescription(quiet, 'zh')).toBe('今日暂无建议跟进的线索；昨日没有新的留资线索和咨询');
    expect(briefDescription(quiet, 'en')).toBe(
      'No leads to follow up today; yesterday: no new leads with a phone number and no inquiries',
    );
  });

  it('says one figure of zero in words, the other as a number', () => {
    expect(briefDescription({ ...quiet, c: 1 }, 'zh')).toBe('今日暂无建议跟进的线索；昨日没有新增留资线索，咨询 1 次');
    expect(briefDescription({ ...quiet, l: 2 }, 'zh')).toBe('今日暂无建议跟进的线索；昨日新增留资线索 2 条，没有咨询');
    expect(briefDescription({ ...quiet, c: 1 }, 'en')).toBe(
      'No leads to follow up today; yesterday: no new leads with a phone number, 1 inquiry',
    );
    expect(briefDescription({ ...quiet, l: 2 }, 'en')).toBe(
      'No leads to follow up today; yesterday: 2 new leads with a phone number, no inquiries',
    );
    // Nowhere a 0 said as a count.
    for (const lang of ['zh', 'en'] as const)
      for (const p of [
        { ...busy, l: 0 },
        { ...busy, c: 0 },
      ])
        expect(briefDescription(p, lang)).not.toMatch(/\b0 /);
  });

  it('and in English, with plurals', () => {
    expect(briefDescription({ ...busy, n: 1, c: 2, s: 1 }, 'en')).toBe(
      '1 lead to follow up today; yesterday: 2 new leads with a phone number, 2 inquiries; most visited yesterday: \u201c春季新品\u201d; 1-day sharing streak',
    );
  });

  it('says how many follow-ups due it had no room for', () => {
    expect(briefDescription({ ...busy, n: 5, m: 3 }, 'zh')).toMatch(/^今日建议跟进线索 5 条（另有 3 条待跟进）；/);
    expect(briefDescription({ ...busy, n: 5, m: 1 }, 'en')).toMatch(
      /^5 leads to follow up today \(plus 1 follow-up due\); /,
    );
  });

  it('names the first leads to call, and says how many more it suggests', () => {
    const w = [
      { i: 7, n: '王五' },
      { i: 12, n: '' },
      { i: 6, n: '孙经理' },
    ];
    expect(briefDescription({ ...busy, n: 3, w }, 'zh')).toMatch(
      /^今日建议跟进线索 3 条：王五、匿名访客 #12、孙经理；昨日新增/,
    );
    expect(briefDescription({ ...busy, n: 5, m: 2, w }, 'zh')).toMatch(
      /^今日建议跟进线索 5 条：王五、匿名访客 #12、孙经理等（另有 2 条待跟进）；/,
    );
    expect(briefDescription({ ...busy, n: 2, w: w.slice(0, 2) }, 'en')).toMatch(
      /^2 leads to follow up today: 王五, Anonymous visitor #12; yesterday/,
    );
    expect(briefDescription({ ...busy, n: 5, m: 1, w }, 'en')).toMatch(
      /^5 leads to follow up today: 王五, Anonymous visitor #12, 孙经理 and 2 more \(plus 1 follow-up due\); /,
    );
  });

  it('counts one of each in the singular, and a streak as an n-day streak', () => {
    expect(briefDescription({ ...busy, n: 5, m: 3, l: 1, c: 1, s: 5 }, 'en')).toBe(
      '5 leads to follow up today (plus 3 follow-ups due); yesterday: 1 new lead with a phone number, 1 inquiry; most visited yesterday: \u201c春季新品\u201d; 5-day sharing streak',
    );
  });
});

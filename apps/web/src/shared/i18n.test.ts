// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from 'vitest';
import i18n, { catalogsReady } from './i18n';

/** The console's catalogs as the app registers them, in one language and namespace. */
const say = (lng: 'en' | 'zh-CN', ns: string) => i18n.getFixedT(lng, ns);

beforeAll(() => catalogsReady());

describe('counts in the catalogs', () => {
  // English read "1 blocks", "1 visitors", "1 items": one form for every count.
  it('English says one in the singular and more in the plural', () => {
    expect(say('en', 'websites')('blockCount', { count: 1 })).toBe('1 block');
    expect(say('en', 'websites')('blockCount', { count: 4 })).toBe('4 blocks');
    expect(say('en', 'common')('company.daysLeft', { count: 1 })).toBe('Expires in 1 day');
    expect(say('en', 'common')('company.daysLeft', { count: 12 })).toBe('Expires in 12 days');
    expect(say('en', 'workbench')('consumptionValue', { amount: '12.50', count: 1 })).toBe('¥12.50 (1 item)');
    expect(say('en', 'radar')('chains.people', { count: 1 })).toBe('1 person');
    expect(say('en', 'radar')('chains.people', { count: 0 })).toBe('0 people');
    expect(say('en', 'cost')('account.daysUnit', { count: 1 })).toBe('day');
    expect(say('en', 'newmedia')('expandCount', { count: 1 })).toBe('1 keyword will be generated');
  });

  it('counts two things in one line each in its own number', () => {
    const wb = say('en', 'workbench');
    expect(wb('viewsOf', { views: 1, count: 1 })).toBe('1 view · 1 visitor');
    expect(wb('viewsOf', { views: 9, count: 1 })).toBe('9 views · 1 visitor');
    expect(wb('viewsOf', { views: 1, count: 5 })).toBe('1 view · 5 visitors');
  });

  it('Chinese reads as before, one form for every count', () => {
    expect(say('zh-CN', 'websites')('blockCount', { count: 1 })).toBe('1 个区块');
    expect(say('zh-CN', 'common')('company.daysLeft', { count: 1 })).toBe('1天后到期');
    expect(say('zh-CN', 'workbench')('viewsOf', { views: 9, count: 5 })).toBe('浏览 9 · 访客 5');
    expect(say('zh-CN', 'workbench')('consumptionValue', { amount: '12.50', count: 2 })).toBe('¥12.50（2 笔）');
    expect(say('zh-CN', 'cost')('account.daysUnit', { count: 1 })).toBe('天');
  });
});

describe('one English word for 咨询', () => {
  /** Every string of a language's catalogs, by namespace and key path. */
  const strings = (lng: 'en' | 'zh-CN') => {
    const out = new Map<string, string>();
    const walk = (prefix: string, v: unknown) => {
      if (typeof v === 'string') out.set(prefix, v);
      else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(`${prefix}.${k}`, x);
    };
    for (const [ns, bundle] of Object.entries(i18n.store.data[lng] ?? {})) walk(ns, bundle);
    return out;
  };

  // The server's reasons, timeline and brief say inquiry; the console said Consults, consult request and request.
  it('says inquiry wherever the Chinese says 咨询, and never consult', () => {
    const en = strings('en');
    const said = [...strings('zh-CN')].filter(([, zh]) => zh.includes('咨询')).map(([key]) => [key, en.get(key)]);
    expect(said.length).toBeGreaterThan(4);
    for (const [key, text] of said) expect(text, key).toMatch(/inquir(y|ies)/i);
    expect([...en].filter(([, text]) => /consult/i.test(text))).toEqual([]);
  });
});

describe('one English word for 手机号', () => {
  // 名片设置 named the number Mobile beside its Show phone switch, 修改手机号 said Change phone over a Mobile field,
  // and 企业管理 said Phone: one number, two words. Phone is the one most of the console used.
  it('says phone wherever the Chinese says 手机号, and never mobile', () => {
    const en = new Map<string, string>();
    const zh = new Map<string, string>();
    const walk = (into: Map<string, string>, prefix: string, v: unknown) => {
      if (typeof v === 'string') into.set(prefix, v);
      else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(into, `${prefix}.${k}`, x);
    };
    for (const [ns, bundle] of Object.entries(i18n.store.data.en ?? {})) walk(en, ns, bundle);
    for (const [ns, bundle] of Object.entries(i18n.store.data['zh-CN'] ?? {})) walk(zh, ns, bundle);
    // A count's English has its forms (key_one, key_other) where the Chinese has one.
    const said = [...zh]
      .filter(([, text]) => text.includes('手机号'))
      .map(([key]) => [key, en.get(key) ?? en.get(`${key}_other`) ?? '']);
    expect(said.length).toBeGreaterThan(10);
    for (const [key, text] of said) {
      expect(text, key).toMatch(/phone/i);
      expect(text, key).not.toMatch(/mobile/i);
    }
    expect(say('en', 'card')('phone')).toBe('Phone');
    expect(say('en', 'card')('showPhone')).toBe('Show phone');
  });
});

describe('one English name for 费用中心', () => {
  // The seats tab said buy a package in Cost and Go to cost, for the page the navigation and its title call Billing.
  it('says Billing wherever the Chinese says 费用中心, and never cost', () => {
    const en = new Map<string, string>();
    const zh = new Map<string, string>();
    const walk = (into: Map<string, string>, prefix: string, v: unknown) => {
      if (typeof v === 'string') into.set(prefix, v);
      else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(into, `${prefix}.${k}`, x);
    };
    for (const [ns, bundle] of Object.entries(i18n.store.data.en ?? {})) walk(en, ns, bundle);
    for (const [ns, bundle] of Object.entries(i18n.store.data['zh-CN'] ?? {})) walk(zh, ns, bundle);
    const said = [...zh].filter(([, text]) => text.includes('费用中心')).map(([key]) => [key, en.get(key) ?? '']);
    expect(said.length).toBeGreaterThan(2);
    for (const [key, text] of said) {
      expect(text, key).toContain('Billing');
      expect(text, key).not.toMatch(/\bcost\b/i);
    }
  });
});

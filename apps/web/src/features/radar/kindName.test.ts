import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { kindKey, kindName, kindTag } from '../../shared/kindName';
import radar from './locales';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'en', resources: { en: { radar: radar.en } }, interpolation: { escapeValue: false } });

describe('radar chart categories in the reader’s language', () => {
  it('names the server’s Chinese kind labels in English', () => {
    expect(['文章', '名片', '微官网', '添加微信'].map((c) => kindName(i18n.t, c))).toEqual([
      'Article',
      'Card',
      'Mini website',
      radar.en.kind['6'],
    ]);
  });
  it('a hand-entered lead is not "All", and unknown names pass through', () => {
    expect(kindName(i18n.t, '手动录入')).toBe('Entered by hand');
    expect(i18n.t(kindKey(0))).toBe('Entered by hand');
    expect(kindName(i18n.t, '其他渠道')).toBe('其他渠道');
  });
  it('tags a timeline line by its channel in English too, other kinds by their name', () => {
    expect([kindTag(i18n.t, 1, '拨打电话'), kindTag(i18n.t, 6, '添加微信'), kindTag(i18n.t, 4, '文章')]).toEqual([
      'Phone',
      'WeChat',
      'Article',
    ]);
    expect(kindTag(i18n.t, 0, '手动录入')).toBe('Entered by hand');
  });
});

import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import locales from './locales';
import { sourceLabel } from './source';

describe('sourceLabel', () => {
  it('names a lead entered by hand 手动录入 (not the filter label 全部), and a content kind by its label', async () => {
    const i = i18next.createInstance();
    await i.init({
      lng: 'zh-CN',
      resources: { 'zh-CN': { radar: locales['zh-CN'] }, en: { radar: locales.en } },
      ns: ['radar'],
      defaultNS: 'radar',
    });
    expect(sourceLabel(i.t, 0)).toBe('手动录入');
    expect(sourceLabel(i.t, 4)).toBe('文章');
    await i.changeLanguage('en');
    expect(sourceLabel(i.t, 0)).toBe('Entered by hand');
  });
});

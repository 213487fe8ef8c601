import type { ContentStat, ContentStatKind } from '@huoke/contracts';
import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import catalogs from '../locales';
import { StatLine } from './StatLine';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'zh-CN',
    resources: { 'zh-CN': { 'content-stats': catalogs['zh-CN'] }, en: { 'content-stats': catalogs.en } },
    interpolation: { escapeValue: false },
  });
});

const stat: ContentStat = {
  contentId: 1,
  title: '',
  visitors: 4,
  views: 6,
  avgReadSeconds: 95,
  shares: 2,
  consults: 1,
};

const line = (kind: ContentStatKind, lng = 'zh-CN') => {
  i18n.changeLanguage(lng);
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <StatLine kind={kind} stat={stat} />
    </I18nextProvider>,
  ).replace(/<[^>]+>|<!-- -->/g, '');
};

describe('StatLine', () => {
  it('names the time spent as the kind is spent: read, watched, looked through', () => {
    expect(line('article')).toBe('访客 4 · 平均阅读 1 分 35 秒 · 分享 2 · 咨询 1');
    expect(line('video')).toBe('访客 4 · 平均观看 1 分 35 秒 · 分享 2 · 咨询 1');
    expect(line('website')).toBe('访客 4 · 平均停留 1 分 35 秒 · 分享 2 · 咨询 1');
    expect(line('video', 'en')).toBe('Visitors 4 · Avg. watch time 1 min 35 s · Shares 2 · Inquiries 1');
    expect(line('website', 'en')).toBe('Visitors 4 · Avg. visit 1 min 35 s · Shares 2 · Inquiries 1');
  });

  it('keeps each label with its figure when a narrow card wraps the line (the break falls between figures)', () => {
    i18n.changeLanguage('zh-CN');
    const html = renderToString(
      <I18nextProvider i18n={i18n}>
        <StatLine kind="video" stat={stat} />
      </I18nextProvider>,
    );
    const unbroken = [...html.matchAll(/<span data-stat="true" style="white-space:nowrap">(.*?)<\/span>/g)].map((m) =>
      m[1].replace(/<!-- -->/g, ''),
    );
    expect(unbroken).toEqual(['访客 4', '平均观看 1 分 35 秒', '分享 2', '咨询 1']);
  });
});

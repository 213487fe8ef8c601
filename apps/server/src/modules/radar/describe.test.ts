import { EVENT_KIND } from '@huoke/contracts';
import { describe, expect, it } from 'vitest';
import { describeEvent } from './describe.js';
import { hotReason } from './hot-text.js';

describe('a visit in words (the lead timeline)', () => {
  it('says how long the visitor stayed as one would say it: seconds, minutes and seconds, whole minutes', () => {
    const stayed = (ms: number) => describeEvent(EVENT_KIND.article, 'read', '春季新品', ms);
    expect(stayed(52_000)).toBe('阅读了文章《春季新品》，停留 52 秒');
    expect(stayed(112_000)).toBe('阅读了文章《春季新品》，停留 1 分 52 秒');
    expect(stayed(120_000)).toBe('阅读了文章《春季新品》，停留 2 分钟');
    // A read shorter than a second says so: it read as a second view of the page.
    expect(stayed(400)).toBe('阅读了文章《春季新品》，停留不到 1 秒');
    expect(describeEvent(EVENT_KIND.article, 'view', '春季新品', 0)).toBe('阅读了文章《春季新品》');
    // A radar message knows no duration: its read says nothing of one.
    expect(describeEvent(EVENT_KIND.article, 'read', '春季新品')).toBe('阅读了文章《春季新品》');
  });

  it('says that the visitor reached the end of the page or played the video (they read as another view)', () => {
    expect(describeEvent(EVENT_KIND.article, 'end', '春季新品', 0)).toBe('读完了文章《春季新品》');
    expect(describeEvent(EVENT_KIND.card, 'end', '王管理的名片', 0)).toBe('看到了名片《王管理的名片》的结尾');
    expect(describeEvent(EVENT_KIND.video, 'play', '产品演示', 0)).toBe('播放了视频《产品演示》');
    expect(describeEvent(EVENT_KIND.article, 'end', 'Spring', 0, 'en')).toBe(
      'read the article \u201cSpring\u201d to the end',
    );
    expect(describeEvent(EVENT_KIND.card, 'end', 'Card', 0, 'en')).toBe(
      'scrolled to the end of the card \u201cCard\u201d',
    );
    expect(describeEvent(EVENT_KIND.video, 'play', 'Demo', 0, 'en')).toBe('played the video \u201cDemo\u201d');
    expect(describeEvent(EVENT_KIND.article, 'read', 'Spring', 300, 'en')).toBe(
      'read the article \u201cSpring\u201d, stayed under 1 s',
    );
  });

  it('reads the same way in English, and calls a 微官网 a mini website as the menu does', () => {
    const stayed = (ms: number) => describeEvent(EVENT_KIND.article, 'read', 'Spring', ms, 'en');
    expect(stayed(52_000)).toBe('read the article \u201cSpring\u201d, stayed 52 s');
    expect(stayed(115_000)).toBe('read the article \u201cSpring\u201d, stayed 1 min 55 s');
    expect(stayed(120_000)).toBe('read the article \u201cSpring\u201d, stayed 2 min');
    expect(describeEvent(EVENT_KIND.microSite, 'view', 'Site', 0, 'en')).toBe(
      'viewed the mini website \u201cSite\u201d',
    );
  });

  it('names no reader in a call, a WeChat add or a message: the drawer is read by whoever sees the lead, not only the sharer', () => {
    expect(describeEvent(EVENT_KIND.phoneCall, 'call', '', 0)).toBe('拨打了电话');
    expect(describeEvent(EVENT_KIND.addWeChat, 'wechat', '', 0)).toBe('添加了微信');
    expect(describeEvent(EVENT_KIND.article, 'message', '春季新品', 0)).toBe('在文章《春季新品》留言');
    expect(describeEvent(EVENT_KIND.phoneCall, 'call', '', 0, 'en')).toBe('made a phone call');
    expect(describeEvent(EVENT_KIND.addWeChat, 'wechat', '', 0, 'en')).toBe('added on WeChat');
    expect(describeEvent(EVENT_KIND.article, 'message', 'Spring', 0, 'en')).toBe(
      'left a message on the article \u201cSpring\u201d',
    );
  });

  it('uses the hot moment verb for each kind of content: a brochure is read, a card or product looked through, a video watched', () => {
    const cases: [number, string, string, string][] = [
      [EVENT_KIND.card, '王管理的名片', '浏览了名片《王管理的名片》', '浏览《王管理的名片》超过 2 分钟'],
      [EVENT_KIND.product, '云监控套装', '浏览了产品《云监控套装》', '浏览《云监控套装》超过 2 分钟'],
      [EVENT_KIND.article, '春季新品', '阅读了文章《春季新品》', '阅读《春季新品》超过 2 分钟'],
      [EVENT_KIND.microSite, '官网', '浏览了微官网《官网》', '浏览《官网》超过 2 分钟'],
      [EVENT_KIND.video, '产品演示', '观看了视频《产品演示》', '观看《产品演示》超过 2 分钟'],
      [EVENT_KIND.brochure, '年度宣传册', '阅读了宣传册《年度宣传册》', '阅读《年度宣传册》超过 2 分钟'],
    ];
    for (const [kind, title, line, hot] of cases) {
      expect(describeEvent(kind, 'view', title, 0)).toBe(line);
      expect(hotReason({ hot: 'read', t: title, k: kind }, 'zh')).toBe(hot);
    }
    expect(describeEvent(EVENT_KIND.brochure, 'end', '年度宣传册', 0)).toBe('读完了宣传册《年度宣传册》');
    expect(describeEvent(EVENT_KIND.brochure, 'view', 'Annual', 0, 'en')).toBe('read the brochure \u201cAnnual\u201d');
    expect(describeEvent(EVENT_KIND.video, 'view', 'Demo', 0, 'en')).toBe('watched the video \u201cDemo\u201d');
    expect(describeEvent(EVENT_KIND.card, 'view', 'Card', 0, 'en')).toBe('viewed the card \u201cCard\u201d');
    expect(describeEvent(0, 'view', '', 0)).toBe('访问了分享页');
  });
});

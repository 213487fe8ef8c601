import { EVENT_KIND } from '@huoke/contracts';
import { describe, expect, it } from 'vitest';
import { describeEvent, timelineLine } from './describe.js';
import { hotReason } from './hot-text.js';

describe('a visit in words (the lead timeline)', () => {
  it('says how long the visitor stayed as one would say it: seconds, minutes and seconds, whole minutes', () => {
    const stayed = (ms: number) => describeEvent(EVENT_KIND.article, 'read', '春季新品', ms);
    expect(stayed(52_000)).toBe('阅读文章《春季新品》52 秒');
    expect(stayed(112_000)).toBe('阅读文章《春季新品》1 分 52 秒');
    expect(stayed(120_000)).toBe('阅读文章《春季新品》2 分钟');
    // A read shorter than a second says so: it read as a second view of the page.
    expect(stayed(400)).toBe('阅读文章《春季新品》不到 1 秒');
    // A radar message knows no duration: its read says nothing of one.
    expect(describeEvent(EVENT_KIND.article, 'read', '春季新品')).toBe('阅读了文章《春季新品》');
  });

  it('tells the two rows of one visit apart: opening the page, then the time spent on it', () => {
    // The share page records a view on opening and a read on leaving; both read 阅读了文章《…》 before.
    expect(describeEvent(EVENT_KIND.article, 'view', '春季新品', 0)).toBe('打开了文章《春季新品》');
    expect(describeEvent(EVENT_KIND.article, 'view', '春季新品')).toBe('打开了文章《春季新品》');
    expect(describeEvent(EVENT_KIND.card, 'view', '', 0)).toBe('打开了名片');
    expect(describeEvent(EVENT_KIND.card, 'read', '', 33_000)).toBe('浏览名片 33 秒');
    expect(describeEvent(EVENT_KIND.article, 'view', 'Spring', 0, 'en')).toBe('opened the article \u201cSpring\u201d');
    expect(describeEvent(EVENT_KIND.card, 'read', '', 33_000, 'en')).toBe('viewed the card for 33 s');
    // Time on a page that is not content (a consult form) stays as it was said.
    expect(describeEvent(0, 'view', '', 5_000)).toBe('访问了分享页，停留 5 秒');
    expect(describeEvent(0, 'view', '', 5_000, 'en')).toBe('visited the shared page for 5 s');
    expect(describeEvent(0, 'read', '', 400, 'en')).toBe('visited the shared page for under 1 s');
  });

  it('does not repeat in a timeline line the kind its tag shows, unless no title follows', () => {
    // The drawer shows 文章 as the row's tag: 「文章 阅读文章《…》」 said it twice.
    expect(timelineLine(EVENT_KIND.article, 'read', '春季新品', 31_000, 'zh')).toBe('阅读《春季新品》31 秒');
    expect(timelineLine(EVENT_KIND.article, 'view', '春季新品', 0, 'zh')).toBe('打开了《春季新品》');
    expect(timelineLine(EVENT_KIND.brochure, 'end', '年度宣传册', 0, 'zh')).toBe('浏览《年度宣传册》到文末');
    expect(timelineLine(EVENT_KIND.card, 'end', '王管理的名片', 0, 'zh')).toBe('浏览《王管理的名片》到页面底部');
    expect(timelineLine(EVENT_KIND.product, 'consult', '云监控套装', 0, 'zh')).toBe('在《云监控套装》提交了咨询');
    expect(timelineLine(EVENT_KIND.card, 'read', '', 33_000, 'zh')).toBe('浏览名片 33 秒');
    expect(timelineLine(EVENT_KIND.card, 'view', '', 0, 'zh')).toBe('打开了名片');
    expect(timelineLine(EVENT_KIND.article, 'read', 'Spring', 31_000, 'en')).toBe('Read \u201cSpring\u201d for 31 s');
    expect(timelineLine(EVENT_KIND.video, 'play', 'Demo', 0, 'en')).toBe('Played \u201cDemo\u201d');
    expect(timelineLine(EVENT_KIND.card, 'read', '', 33_000, 'en')).toBe('Viewed the card for 33 s');
    // A radar message has no tag beside it: it keeps the kind.
    expect(describeEvent(EVENT_KIND.article, 'view', '春季新品')).toBe('打开了文章《春季新品》');
  });

  it('says a card saved to contacts as the score reason does, and other downloads as downloads', () => {
    // The card page's 保存到通讯录 is recorded as a download of the card.
    expect(describeEvent(EVENT_KIND.card, 'download', '', undefined)).toBe('将名片存入了通讯录');
    expect(describeEvent(EVENT_KIND.card, 'download', '王管理的名片', undefined)).toBe(
      '将《王管理的名片》存入了通讯录',
    );
    expect(timelineLine(EVENT_KIND.card, 'download', '王管理的名片', 0, 'en')).toBe(
      'Saved \u201c王管理的名片\u201d to contacts',
    );
    expect(describeEvent(EVENT_KIND.card, 'download', '', undefined, 'en')).toBe('saved the card to contacts');
    expect(timelineLine(EVENT_KIND.brochure, 'download', '年度宣传册', 0, 'zh')).toBe('下载了《年度宣传册》');
  });

  it('says what the page saw of a forward and an end: a forward set off, a scroll to the bottom', () => {
    // A forward is a tap on the page's 分享给朋友 (the friend may never get the link: it said 转发了) or one through
    // WeChat's own menu, seen when a friend opened the link (it said 点击了转发, of a button never tapped); the
    // stored event does not tell which. It said 读完了 of an end (the page's bottom came into view).
    expect(timelineLine(EVENT_KIND.article, 'forward', '春季新品', 0, 'zh')).toBe('在《春季新品》发起了转发');
    expect(describeEvent(EVENT_KIND.card, 'forward', '', undefined)).toBe('在名片发起了转发');
    expect(timelineLine(EVENT_KIND.article, 'forward', 'Spring', 0, 'en')).toBe(
      'Started to forward \u201cSpring\u201d',
    );
    expect(describeEvent(EVENT_KIND.card, 'forward', '', undefined, 'en')).toBe('started to forward the card');
    expect(timelineLine(EVENT_KIND.video, 'end', '产品演示', 0, 'zh')).toBe('浏览《产品演示》到页面底部');
    expect(timelineLine(EVENT_KIND.video, 'end', 'Demo', 0, 'en')).toBe('Scrolled to the bottom of \u201cDemo\u201d');
  });

  it('says that the visitor reached the end of the page or played the video (they read as another view)', () => {
    expect(describeEvent(EVENT_KIND.article, 'end', '春季新品', 0)).toBe('浏览文章《春季新品》到文末');
    expect(describeEvent(EVENT_KIND.card, 'end', '王管理的名片', 0)).toBe('浏览《王管理的名片》到页面底部');
    expect(describeEvent(EVENT_KIND.video, 'play', '产品演示', 0)).toBe('播放了视频《产品演示》');
    expect(describeEvent(EVENT_KIND.article, 'end', 'Spring', 0, 'en')).toBe(
      'scrolled to the end of the article \u201cSpring\u201d',
    );
    expect(describeEvent(EVENT_KIND.card, 'end', 'Card', 0, 'en')).toBe(
      'scrolled to the bottom of the card \u201cCard\u201d',
    );
    expect(describeEvent(EVENT_KIND.video, 'play', 'Demo', 0, 'en')).toBe('played the video \u201cDemo\u201d');
    expect(describeEvent(EVENT_KIND.article, 'read', 'Spring', 300, 'en')).toBe(
      'read the article \u201cSpring\u201d for under 1 s',
    );
  });

  it('reads the same way in English, and calls a 微官网 a mini website as the menu does', () => {
    const stayed = (ms: number) => describeEvent(EVENT_KIND.article, 'read', 'Spring', ms, 'en');
    expect(stayed(52_000)).toBe('read the article \u201cSpring\u201d for 52 s');
    expect(stayed(115_000)).toBe('read the article \u201cSpring\u201d for 1 min 55 s');
    expect(stayed(120_000)).toBe('read the article \u201cSpring\u201d for 2 min');
    expect(describeEvent(EVENT_KIND.microSite, 'read', 'Site', 60_000, 'en')).toBe(
      'viewed the mini website \u201cSite\u201d for 1 min',
    );
  });

  it('names no reader in a tap on Call or on Copy WeChat ID, or in a message (a tap, not a call made): the drawer is read by whoever sees the lead, not only the sharer', () => {
    expect(describeEvent(EVENT_KIND.phoneCall, 'call', '', 0)).toBe('点击了拨打电话');
    expect(describeEvent(EVENT_KIND.addWeChat, 'wechat', '', 0)).toBe('复制了微信号');
    expect(describeEvent(EVENT_KIND.article, 'message', '春季新品', 0)).toBe('在文章《春季新品》留言');
    expect(describeEvent(EVENT_KIND.phoneCall, 'call', '', 0, 'en')).toBe('tapped Call');
    // The page the call or the add came from, when known: which content brought it.
    expect(describeEvent(EVENT_KIND.phoneCall, 'call', '王管理的名片', 0)).toBe('在《王管理的名片》点击了拨打电话');
    expect(timelineLine(EVENT_KIND.addWeChat, 'wechat', '春季新品', 0, 'zh')).toBe('在《春季新品》复制了微信号');
    expect(describeEvent(EVENT_KIND.phoneCall, 'call', 'Card', 0, 'en')).toBe('tapped Call on \u201cCard\u201d');
    expect(timelineLine(EVENT_KIND.addWeChat, 'wechat', 'Spring', 0, 'en')).toBe(
      'Copied the WeChat ID on \u201cSpring\u201d',
    );
    expect(describeEvent(EVENT_KIND.addWeChat, 'wechat', '', 0, 'en')).toBe('copied the WeChat ID');
    expect(describeEvent(EVENT_KIND.article, 'message', 'Spring', 0, 'en')).toBe(
      'left a message on the article \u201cSpring\u201d',
    );
    // 咨询 is an inquiry, sent from the page its form is on (it said sent a consult request on…).
    expect(describeEvent(EVENT_KIND.article, 'consult', 'Spring', 0, 'en')).toBe(
      'sent an inquiry from the article \u201cSpring\u201d',
    );
    expect(timelineLine(EVENT_KIND.product, 'consult', 'Monitor kit', 0, 'en')).toBe(
      'Sent an inquiry from \u201cMonitor kit\u201d',
    );
  });

  it('uses the hot moment verb for each kind of content: a brochure is read, a card (named 名片) or product looked through, a video watched', () => {
    const cases: [number, string, string, string][] = [
      [EVENT_KIND.card, '王管理的名片', '浏览《王管理的名片》2 分 5 秒', '浏览名片超过 2 分钟'],
      [EVENT_KIND.product, '云监控套装', '浏览产品《云监控套装》2 分 5 秒', '浏览《云监控套装》超过 2 分钟'],
      [EVENT_KIND.article, '春季新品', '阅读文章《春季新品》2 分 5 秒', '阅读《春季新品》超过 2 分钟'],
      [EVENT_KIND.microSite, '官网', '浏览微官网《官网》2 分 5 秒', '浏览《官网》超过 2 分钟'],
      [EVENT_KIND.video, '产品演示', '观看视频《产品演示》2 分 5 秒', '观看《产品演示》超过 2 分钟'],
      [EVENT_KIND.brochure, '年度宣传册', '阅读《年度宣传册》2 分 5 秒', '阅读《年度宣传册》超过 2 分钟'],
    ];
    for (const [kind, title, line, hot] of cases) {
      expect(describeEvent(kind, 'read', title, 125_000)).toBe(line);
      expect(hotReason({ hot: 'read', t: title, k: kind }, 'zh')).toBe(hot);
    }
    expect(describeEvent(EVENT_KIND.brochure, 'end', '年度宣传册', 0)).toBe('浏览《年度宣传册》到文末');
    expect(describeEvent(EVENT_KIND.brochure, 'read', 'Annual', 3_000, 'en')).toBe(
      'read the brochure \u201cAnnual\u201d for 3 s',
    );
    expect(describeEvent(EVENT_KIND.video, 'read', 'Demo', 3_000, 'en')).toBe(
      'watched the video \u201cDemo\u201d for 3 s',
    );
    expect(describeEvent(EVENT_KIND.card, 'read', 'Card', 3_000, 'en')).toBe(
      'viewed the card \u201cCard\u201d for 3 s',
    );
    expect(describeEvent(0, 'view', '', 0)).toBe('访问了分享页');
  });
});

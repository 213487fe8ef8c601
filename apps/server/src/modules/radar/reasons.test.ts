import { describe, expect, it } from 'vitest';
import { reasons } from './reasons.js';
import { DAY_MS } from './score.js';

const NOW = Date.UTC(2026, 0, 10);
const at = (minutesAgo: number) => new Date(NOW - minutesAgo * 60_000);
const rows = [
  { code: 'open_article', points: 3, params: { t: '春季新品', k: 4 }, ts: at(300) },
  { code: 'open_article', points: 3, params: { t: '春季新品', k: 4 }, ts: at(200) },
  { code: 'read30', points: 5, params: { t: '春季新品', k: 4, s: 45 }, ts: at(199) },
  { code: 'open_article', points: 3, params: { t: '春季新品', k: 4 }, ts: at(100) },
  { code: 'open3', points: 15, params: { t: '春季新品', k: 4 }, ts: at(100) },
  { code: 'read30', points: 5, params: { t: '春季新品', k: 4, s: 240 }, ts: at(96) },
  { code: 'read120', points: 10, params: { t: '春季新品', k: 4, s: 240 }, ts: at(96) },
  { code: 'consult', points: 30, params: { t: '春季新品', k: 4 }, ts: at(10) },
  { code: 'phone', points: 25, params: { t: '春季新品', k: 4 }, ts: at(10) },
];

/** The reasons' words at NOW, with the default half-life. */
const texts = (rs: Parameters<typeof reasons>[0], lang: 'zh' | 'en') =>
  reasons(rs, NOW, 7 * DAY_MS, lang).map((x) => x.text);

describe('score reasons in words', () => {
  it('groups a content’s opens and last read time, in zh-CN', () => {
    const r = reasons(rows, NOW, 7 * DAY_MS, 'zh');
    expect(r.map((x) => x.text)).toEqual([
      '分 3 次打开《春季新品》，最长一次读了 4 分钟',
      '在《春季新品》提交了咨询',
      '留下了手机号',
    ]);
    expect(r[0].points).toBeGreaterThan(r[1].points);
  });

  it('and in English', () => {
    const r = reasons(rows, NOW, 7 * DAY_MS, 'en');
    expect(r.map((x) => x.text)).toEqual([
      'Opened \u201c春季新品\u201d on 3 visits, longest read 4 min',
      'Sent an inquiry from \u201c春季新品\u201d',
      'Left a phone number',
    ]);
  });

  const others = [
    { code: 'forward', points: 20, params: { t: '春季新品', k: 4 }, ts: at(50) },
    { code: 'forward', points: 20, params: { t: '春季新品', k: 4 }, ts: at(40) },
    { code: 'forward', points: 20, params: { t: '企业名片', k: 1 }, ts: at(30) },
    { code: 'return24h', points: 8, params: { t: '春季新品', k: 4 }, ts: at(600) },
    { code: 'return24h', points: 8, params: { t: '企业名片', k: 1 }, ts: at(20) },
    { code: 'call', points: 30, params: {}, ts: at(5) },
  ];

  it('counts what happened more than once, and keeps each forwarded page apart, in zh-CN', () => {
    expect(texts(others, 'zh')).toEqual([
      '在《春季新品》发起了 2 次转发',
      '点击了拨打电话',
      '在《企业名片》发起了转发',
      '再次访问 2 次，最近一次是今天',
    ]);
  });

  it('and in English, counted', () => {
    expect(texts(others, 'en')).toEqual([
      'Started to forward \u201c春季新品\u201d twice',
      'Tapped Call',
      'Started to forward \u201c企业名片\u201d',
      'Came back twice, most recently today',
    ]);
  });

  // A card's share page has no title: its reasons name the card (and other untitled content its kind), never 《》.
  const card = [
    { code: 'open_card', points: 5, params: { t: '', k: 2 }, ts: at(300) },
    { code: 'open_card', points: 5, params: { t: '', k: 2 }, ts: at(100) },
    { code: 'read30', points: 5, params: { t: '', k: 2, s: 33 }, ts: at(99) },
    { code: 'open_video', points: 4, params: { t: '', k: 7 }, ts: at(600) },
  ];

  it('names untitled content by its kind, in zh-CN and English', () => {
    expect(texts(card, 'zh')).toEqual(['分 2 次打开名片，最长一次停留 33 秒', '打开了视频']);
    expect(texts(card, 'en')).toEqual(['Opened the card on 2 visits, longest visit 33 s', 'Opened a video']);
  });

  // A card is one reason whatever its shares' titles (old rows kept the title 王管理的名片; the card's page has none).
  const titledCard = [
    { code: 'open_card', points: 5, params: { t: '王管理的名片', k: 2 }, ts: at(300) },
    { code: 'read30', points: 5, params: { t: '王管理的名片', k: 2, s: 40 }, ts: at(299) },
    { code: 'open_card', points: 5, params: { t: '', k: 2 }, ts: at(100) },
    { code: 'forward', points: 8, params: { t: '王管理的名片', k: 2 }, ts: at(90) },
    { code: 'consult', points: 6, params: { t: '', k: 2 }, ts: at(80) },
    { code: 'forward', points: 2, params: { t: '', k: 7 }, ts: at(70) },
  ];

  it('names a card one way, titled share or not, in zh-CN and English', () => {
    expect(texts(titledCard, 'zh')).toEqual([
      '分 2 次打开名片，最长一次停留 40 秒',
      '在名片发起了转发',
      '在名片提交了咨询',
      '在视频发起了转发',
    ]);
    expect(texts(titledCard, 'en')).toEqual([
      'Opened the card on 2 visits, longest visit 40 s',
      'Started to forward the card',
      'Sent an inquiry from the card',
      'Started to forward a video',
    ]);
  });

  // How the time was spent, in the kind's verb as the timeline says it: a video watched, a brochure read.
  const watched = [
    { code: 'open_video', points: 4, params: { t: '产品演示', k: 7 }, ts: at(300) },
    { code: 'open_video', points: 4, params: { t: '产品演示', k: 7 }, ts: at(100) },
    { code: 'read120', points: 10, params: { t: '产品演示', k: 7, s: 120 }, ts: at(98) },
    { code: 'read_end', points: 5, params: { t: '产品演示', k: 7 }, ts: at(98) },
    { code: 'open_brochure', points: 4, params: { t: '年度宣传册', k: 8 }, ts: at(50) },
    { code: 'read30', points: 5, params: { t: '年度宣传册', k: 8, s: 40 }, ts: at(49) },
    { code: 'read_end', points: 5, params: { t: '年度宣传册', k: 8 }, ts: at(49) },
  ];

  it('says the longest read as the timeline does, never rounded up past what it was', () => {
    // 91 s said 2 分钟 (past the 2-minute hot mark it never reached); the later, shorter read was called 最近一次.
    const read = [
      { code: 'open_article', points: 3, params: { t: '白皮书', k: 4 }, ts: at(300) },
      { code: 'read30', points: 5, params: { t: '白皮书', k: 4, s: 91 }, ts: at(299) },
      { code: 'open_article', points: 3, params: { t: '白皮书', k: 4 }, ts: at(100) },
      { code: 'read30', points: 5, params: { t: '白皮书', k: 4, s: 35 }, ts: at(99) },
    ];
    expect(texts(read, 'zh')).toEqual(['分 2 次打开《白皮书》，最长一次读了 1 分 31 秒']);
    expect(texts(read, 'en')).toEqual(['Opened \u201c白皮书\u201d on 2 visits, longest read 1 min 31 s']);
  });

  it('says the time spent in the kind’s verb, and the end as scrolled to (文末, 页面底部), not read, in zh-CN and English', () => {
    expect(texts(watched, 'zh')).toEqual([
      '分 2 次打开《产品演示》，最长一次看了 2 分钟，浏览到页面底部',
      '打开了《年度宣传册》，读了 40 秒，浏览到文末',
    ]);
    expect(texts(watched, 'en')).toEqual([
      'Opened \u201c产品演示\u201d on 2 visits, longest watch 2 min, scrolled to the bottom',
      // One timed visit by its verb (Opened “…”, read for 40 s, reached the end).
      'Read \u201c年度宣传册\u201d for 40 s and scrolled to the end',
    ]);
    const endOnly = watched.filter((r) => r.code !== 'read30' && r.params.t === '年度宣传册');
    expect(texts(endOnly, 'en')).toEqual(['Opened \u201c年度宣传册\u201d, scrolled to the end']);
    expect(texts(endOnly, 'zh')).toEqual(['打开了《年度宣传册》，浏览到文末']);
  });

  it('says when a lead last came back, in China calendar days', () => {
    // NOW is 08:00 in China: 9 h ago was yesterday there, 3 days and an hour ago three days back.
    const back = (minutesAgo: number) => ({ code: 'return24h', points: 10, params: {}, ts: at(minutesAgo) });
    expect(reasons([back(9 * 60)], NOW, 7 * DAY_MS, 'zh')[0].text).toBe('昨天再次访问');
    expect(reasons([back(3 * 24 * 60 + 60), back(4 * 24 * 60)], NOW, 7 * DAY_MS, 'zh')[0].text).toBe(
      '再次访问 2 次，最近一次是 3 天前',
    );
    expect(reasons([back(3 * 24 * 60 + 60), back(4 * 24 * 60)], NOW, 7 * DAY_MS, 'en')[0].text).toBe(
      'Came back twice, most recently 3 days ago',
    );
    expect(reasons([back(5)], NOW, 7 * DAY_MS, 'en')[0].text).toBe('Came back today');
  });

  it('says one timed visit by its verb, and an end reached without an open once', () => {
    // Opened the card, stayed 33 s: one visit, said as the timeline says it.
    const once = [
      { code: 'open_card', points: 5, params: { t: '', k: 2 }, ts: at(100) },
      { code: 'read30', points: 5, params: { t: '', k: 2, s: 33 }, ts: at(99) },
    ];
    expect(texts(once, 'en')).toEqual(['Viewed the card for 33 s']);
    expect(texts(once, 'zh')).toEqual(['打开了名片，停留 33 秒']);
    // Only the end of an article (its open older than the rows read): what the page saw, a scroll to its end.
    const endAlone = [{ code: 'read_end', points: 5, params: { t: '白皮书', k: 4 }, ts: at(50) }];
    expect(texts(endAlone, 'en')).toEqual(['Scrolled to the end of \u201c白皮书\u201d']);
    expect(texts(endAlone, 'zh')).toEqual(['浏览《白皮书》到文末']);
    const video = [{ code: 'read120', points: 10, params: { t: '产品演示', k: 7, s: 150 }, ts: at(50) }];
    expect(texts(video, 'en')).toEqual(['Watched \u201c产品演示\u201d for 2 min 30 s']);
  });

  it('counts inquiries, taps and messages in English as one says them', () => {
    const many = [
      { code: 'consult', points: 30, params: { t: '春季新品', k: 4 }, ts: at(30) },
      { code: 'consult', points: 30, params: { t: '春季新品', k: 4 }, ts: at(20) },
      { code: 'consult', points: 30, params: { t: '春季新品', k: 4 }, ts: at(10) },
      { code: 'call', points: 20, params: {}, ts: at(9) },
      { code: 'call', points: 20, params: {}, ts: at(8) },
      { code: 'message', points: 10, params: {}, ts: at(7) },
      { code: 'message', points: 10, params: {}, ts: at(6) },
      { code: 'consult', points: 12, params: {}, ts: at(5) },
      { code: 'wechat', points: 5, params: {}, ts: at(4) },
    ];
    expect(reasons(many, NOW, 7 * DAY_MS, 'en', 10).map((x) => x.text)).toEqual([
      'Sent 3 inquiries from \u201c春季新品\u201d',
      'Tapped Call twice',
      'Left 2 messages',
      'Sent an inquiry',
      'Copied the WeChat ID',
    ]);
    expect(reasons(many, NOW, 7 * DAY_MS, 'zh', 10).map((x) => x.text)).toEqual([
      '在《春季新品》提交了 3 次咨询',
      '点击了拨打电话 2 次',
      '发来留言 2 次',
      '提交了咨询',
      '复制了微信号',
    ]);
  });
});

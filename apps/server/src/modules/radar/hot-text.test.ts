import { describe, expect, it } from 'vitest';
import { type HotParams, hotReason } from './hot-text.js';

describe('hot moments in words', () => {
  it('name the content by its title, or by its kind when it has none (a card)', () => {
    expect(hotReason({ hot: 'read', t: '春季新品', k: 4 }, 'zh')).toBe('阅读《春季新品》超过 2 分钟');
    expect(hotReason({ hot: 'read', t: '', k: 2 }, 'zh')).toBe('浏览名片超过 2 分钟');
    expect(hotReason({ hot: 'thrice', t: '', k: 2 }, 'zh')).toBe('24 小时内分 3 次打开名片');
    expect(hotReason({ hot: 'forward', t: '' }, 'zh')).toBe('在分享页发起了转发');
    expect(hotReason({ hot: 'read', t: '', k: 2 }, 'en')).toBe('viewed the card for over 2 min');
    expect(hotReason({ hot: 'read', t: 'Spring', k: 4 }, 'en')).toBe('read \u201cSpring\u201d for over 2 min');
    expect(hotReason({ hot: 'read', t: '', k: 5 }, 'en')).toBe('viewed the mini website for over 2 min');
    expect(hotReason({ hot: 'forward', t: '' }, 'en')).toBe('started to forward a page');
    expect(hotReason({ hot: 'thrice', t: '春季新品', k: 4 }, 'en')).toBe(
      'opened \u201c春季新品\u201d on 3 visits in 24 h',
    );
  });

  it('say how two minutes were spent by the kind of content: read, watched or looked through', () => {
    expect(hotReason({ hot: 'read', t: '产品演示', k: 7 }, 'zh')).toBe('观看《产品演示》超过 2 分钟');
    expect(hotReason({ hot: 'read', t: '云监控套装', k: 3 }, 'zh')).toBe('浏览《云监控套装》超过 2 分钟');
    expect(hotReason({ hot: 'read', t: '年度宣传册', k: 8 }, 'zh')).toBe('阅读《年度宣传册》超过 2 分钟');
    expect(hotReason({ hot: 'read', t: '', k: 5 }, 'zh')).toBe('浏览微官网超过 2 分钟');
    expect(hotReason({ hot: 'read', t: 'Demo', k: 7 }, 'en')).toBe('watched \u201cDemo\u201d for over 2 min');
    expect(hotReason({ hot: 'read', t: '', k: 2 }, 'en')).toBe('viewed the card for over 2 min');
  });

  // A card's 🔥 named it by its share's title (浏览《王管理的名片》超过 2 分钟) where the lead's reasons say 名片.
  it('name a card 名片 / the card, whatever its share’s title, in every rule', () => {
    const card = { t: '王管理的名片', k: 2 };
    const zh = (hot: HotParams['hot']) => hotReason({ hot, ...card }, 'zh');
    const en = (hot: HotParams['hot']) => hotReason({ hot, ...card }, 'en');
    expect(zh('read')).toBe('浏览名片超过 2 分钟');
    expect(zh('thrice')).toBe('24 小时内分 3 次打开名片');
    expect(zh('forward')).toBe('在名片发起了转发');
    expect(zh('comeback')).toBe('已留电话，再次访问了名片');
    expect(zh('consult')).toBe('在名片提交了咨询');
    expect(hotReason({ hot: 'message', ...card, n: '请联系我' }, 'zh')).toBe('在名片留言：「请联系我」');
    expect(en('read')).toBe('viewed the card for over 2 min');
    expect(en('forward')).toBe('started to forward the card');
    expect(en('comeback')).toBe('came back to the card after leaving a phone number');
    expect(en('consult')).toBe('sent an inquiry from the card');
    for (const hot of ['comeback', 'read', 'thrice', 'consult', 'forward', 'message'] as const)
      expect(zh(hot) + en(hot)).not.toMatch(/王管理/);
    // Other content keeps its title; without one a consult names no place (转发 still says 分享页).
    expect(hotReason({ hot: 'consult', t: '春季新品', k: 4 }, 'zh')).toBe('在《春季新品》提交了咨询');
    expect(hotReason({ hot: 'consult', t: '' }, 'zh')).toBe('提交了咨询');
  });

  it('say a return, an inquiry and a message after the visitor’s name, as one says them', () => {
    // 🔥 王五: a lead with a phone number came back… named 王五 twice over; 咨询 is an inquiry (a consult request).
    expect(hotReason({ hot: 'comeback', t: 'Spring', k: 4 }, 'en')).toBe(
      'came back to \u201cSpring\u201d after leaving a phone number',
    );
    expect(hotReason({ hot: 'comeback' }, 'en')).toBe('came back after leaving a phone number');
    expect(hotReason({ hot: 'comeback', t: '春季新品', k: 4 }, 'zh')).toBe('已留电话，再次访问了《春季新品》');
    expect(hotReason({ hot: 'consult', t: 'Spring', k: 4 }, 'en')).toBe('sent an inquiry from \u201cSpring\u201d');
    expect(hotReason({ hot: 'consult' }, 'en')).toBe('sent an inquiry');
    expect(hotReason({ hot: 'consult', t: '春季新品', k: 4 }, 'zh')).toBe('在《春季新品》提交了咨询');
    expect(hotReason({ hot: 'message', t: 'Spring', k: 4, n: 'Please send samples' }, 'en')).toBe(
      'left a message on \u201cSpring\u201d: \u201cPlease send samples\u201d',
    );
  });
});

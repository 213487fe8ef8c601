import { DEFAULT_EDITOR_SETTINGS } from '@huoke/contracts';
import { count as countOf } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { articles, shares } from '../../db/schema/index.js';

const {
  t,
  tokens: [admin, staff, bAdmin],
} = await appForFile(['admin', 'staff1', 'badmin']);

const PREVIEW = '/api/caspush/SstArticleShare/GetArticlePreview';
const count = async (table: typeof articles | typeof shares) =>
  (await t.app.db.select({ n: countOf() }).from(table))[0].n;

describe('文章预览 (GetArticlePreview)', () => {
  it('renders the article being written as its share page does, with the company footer; saves and shares nothing', async () => {
    const saved = await t.call(admin, {
      method: 'POST',
      url: '/api/cus/editorsetting/Save',
      payload: {
        ...DEFAULT_EDITOR_SETTINGS,
        fontSize: 18,
        footer: { enabled: true, signature: '演示科技 · 让获客更简单', contact: '电话 400-000-0000', qrCodeUrl: '' },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const before = [await count(articles), await count(shares)];
    const res = await t.call(staff, {
      method: 'POST',
      url: PREVIEW,
      payload: {
        title: '还没保存的文章',
        articleFrom: '获客通',
        content: '<p>第一段</p><script>alert(1)</script><p onclick="x()">第二段</p>',
        createTime: '2026-11-01T20:30:00.000Z',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { html } = res.json() as { html: string };
    expect(html).toContain('<h1>还没保存的文章</h1>');
    // The author/date line of the share page: the source and the day in China (04:30 on 2 November there).
    expect(html).toContain('<p class="meta">获客通 2026-11-02</p>');
    expect(html).toContain('<p>第一段</p>');
    expect(html).toContain('<p>第二段</p>');
    expect(html).not.toContain('alert(1)');
    expect(html).not.toContain('onclick');
    expect(html).toContain('data-testid="article-footer"');
    expect(html).toContain('演示科技 · 让获客更简单');
    expect(html).toContain('.content{font-size:18px}');
    // The share page's own styles; no beacon script, nothing to count.
    expect(html).toContain('main{max-width:640px');
    expect(html).not.toContain('<script');
    expect([await count(articles), await count(shares)]).toEqual(before);
  });

  // The preview stopped at the footer: a writer did not see what a visitor finds below the article.
  it('shows what the share page shows below the article: the forms as drawn there, notes where the sharer chooses', async () => {
    const res = await t.call(staff, {
      method: 'POST',
      url: PREVIEW,
      payload: { title: '带表单的文章', content: '<p>正文</p>' },
    });
    const { html } = res.json() as { html: string };
    // The share page's forms, drawn by its renderer (inert in the console's sandboxed frame).
    expect(html).toContain('<h2 id="consult">立即咨询</h2>');
    // With no share code the forms post nowhere (they said /s//consult).
    expect(html).not.toContain('/s//');
    expect(html).toContain('<form method="post" data-enhance');
    expect(html).toContain('>提交咨询</button>');
    expect(html).toContain('<h2>给我留言</h2>');
    expect(html).toContain('分享给朋友');
    // The card (above the title) and the related content (below the footer) are chosen when sharing: said so, in place.
    const card = html.indexOf('分享时打开「显示名片」，分享者的名片显示在这里');
    const related = html.indexOf('分享时选择的相关文章、视频、文件显示在这里');
    expect(card).toBeGreaterThan(-1);
    expect(card).toBeLessThan(html.indexOf('<h1>'));
    expect(related).toBeGreaterThan(html.indexOf('正文'));
    expect(related).toBeLessThan(html.indexOf('立即咨询'));
  });

  // The console's policy takes images from https only: an http picture the share page shows left a hole.
  it('names an http image in its place (the share page shows it); https and stored images stay', async () => {
    const res = await t.call(staff, {
      method: 'POST',
      url: PREVIEW,
      payload: {
        title: '图片',
        content:
          '<p><img src="http://img.example.com/a.png" alt="甲"></p><p><img src="https://img.example.com/b.png"></p><p><img src="/api/fs/raw/c1/2026/12/7.jpg"></p>',
      },
    });
    const { html } = res.json() as { html: string };
    expect(html).not.toContain('src="http://img.example.com/a.png"');
    expect(html).toContain('title="http://img.example.com/a.png">此图片使用 http 地址，分享页可显示</span>');
    expect(html).toContain('src="https://img.example.com/b.png"');
    expect(html).toContain('src="/api/fs/raw/c1/2026/12/7.jpg"');
  });

  it("says its notes in the reader's language", async () => {
    const res = await t.call(staff, {
      method: 'POST',
      url: PREVIEW,
      headers: { 'accept-language': 'en' },
      payload: { title: 'x', content: '<p><img src="http://img.example.com/a.png"></p>' },
    });
    const { html } = res.json() as { html: string };
    expect(html).toContain('The sharer’s card shows here when shared with “Show my card”');
    expect(html).toContain('Related articles, videos and documents chosen when sharing show here');
    expect(html).toContain('This image has an http address: the share page can show it');
    expect(html).toContain('Ask us now');
  });

  it("shows another company's footer to none: each caller sees their own company's", async () => {
    const res = await t.call(bAdmin, { method: 'POST', url: PREVIEW, payload: { title: 'B', content: '<p>b</p>' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { html: string }).html).not.toContain('让获客更简单');
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: PREVIEW, payload: { title: 'x' } });
    expect(res.statusCode).toBe(401);
  });
});

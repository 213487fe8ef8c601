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
    // The share page's own styles; no beacon script, no forms, nothing to count.
    expect(html).toContain('main{max-width:640px');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<form');
    expect([await count(articles), await count(shares)]).toEqual(before);
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

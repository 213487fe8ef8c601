import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { XSS_PAYLOADS } from './xss-corpus.js';

const {
  t,
  tokens: [admin, staff, multi, other],
} = await appForFile(['admin', 'staff1', 'multi', 'badmin']);

const post = (token: string, url: string, payload: unknown) =>
  t.call(token, { method: 'POST', url, payload: payload as object });
const get = (token: string, url: string) => t.call(token, { method: 'GET', url });
const add = (token: string, body: Record<string, unknown>) =>
  post(token, '/api/caspush/articlemanager/AddNew', { title: '测试文章', content: '<p>正文</p>', ...body });

describe('article lists', () => {
  it('GetCustomerArticle answers enterprise articles only, with the fields of §3', async () => {
    const res = await post(staff, '/api/caspush/articlemanager/GetCustomerArticle', { pageIndex: 1, pageSize: 10 });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.pageIndex).toBe(1);
    expect(page.totalCount).toBeGreaterThanOrEqual(4);
    expect(page.data.every((a: { isShareToEnterprise: boolean }) => a.isShareToEnterprise)).toBe(true);
    const first = page.data[0];
    for (const k of [
      'id',
      'title',
      'articleFrom',
      'createTime',
      'thumbnail',
      'sstTypeString',
      'createBy',
      'typeId',
      'authorId',
      'canEdit',
    ])
      expect(first).toHaveProperty(k);
  });

  it('GetArticle answers mine; GetEnterpriseAndMyArticle both; paging and keyword work', async () => {
    const mine = (await post(staff, '/api/caspush/articlemanager/GetArticle', {})).json();
    expect(mine.data.every((a: { authorId: number }) => a.authorId === t.ids.staff1)).toBe(true);
    expect(mine.data.every((a: { canEdit: boolean }) => a.canEdit)).toBe(true);
    const both = (await post(staff, '/api/caspush/articlemanager/GetEnterpriseAndMyArticle', { pageSize: 100 })).json();
    expect(both.data.some((a: { title: string }) => a.title === '客户拜访记录模板')).toBe(true);
    expect(both.data.some((a: { title: string }) => a.title === '演示科技荣获年度最佳服务商')).toBe(false);
    const p2 = (
      await post(staff, '/api/caspush/articlemanager/GetEnterpriseAndMyArticle', { pageSize: 2, pageIndex: 2 })
    ).json();
    expect(p2.data).toHaveLength(2);
    expect(p2.totalCount).toBe(both.totalCount);
    const kw = (
      await post(staff, '/api/caspush/articlemanager/GetEnterpriseAndMyArticle', { keyword: '朋友圈' })
    ).json();
    expect(kw.data.map((a: { title: string }) => a.title)).toEqual(['朋友圈营销的五个技巧']);
  });

  it('picker list: articleClassify 1 enterprise, 2 mine; bad values 400', async () => {
    const ent = (
      await post(staff, '/api/caspush/articlemanager/GetPickerList', { articleClassify: 1, pageSize: 100 })
    ).json();
    expect(ent.data.every((a: { isShareToEnterprise: boolean }) => a.isShareToEnterprise)).toBe(true);
    const mine = (
      await post(staff, '/api/caspush/articlemanager/GetPickerList', { articleClassify: 2, pageSize: 100 })
    ).json();
    expect(mine.data.every((a: { authorId: number }) => a.authorId === t.ids.staff1)).toBe(true);
    const bad = await post(staff, '/api/caspush/articlemanager/GetPickerList', { articleClassify: 3 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('articleClassify');
  });

  it('GetHotList answers the seeded categories and the most read articles, by category', async () => {
    const res = (await get(staff, '/api/caspush/SstArticleManagerType/GetHotList')).json();
    expect(res.types.map((x: { name: string }) => x.name)).toEqual(['行业资讯', '产品介绍', '营销技巧', '企业动态']);
    expect(res.data[0].title).toBe('演示科技发布2026年度获客白皮书');
    const tips = res.types.find((x: { name: string }) => x.name === '营销技巧');
    const byType = (await get(staff, `/api/caspush/SstArticleManagerType/GetHotList?typeId=${tips.id}`)).json();
    expect(byType.data.length).toBeGreaterThan(0);
    expect(byType.data.every((a: { sstTypeString: string }) => a.sstTypeString === '营销技巧')).toBe(true);
  });

  it('another company never sees these articles', async () => {
    const res = (await post(other, '/api/caspush/articlemanager/GetEnterpriseAndMyArticle', { pageSize: 100 })).json();
    expect(res.data.every((a: { title: string }) => !a.title.includes('演示科技'))).toBe(true);
  });
});

describe('article changes', () => {
  it('creates, reads, updates, toggles enterprise and deletes', async () => {
    const types = (await get(staff, '/api/caspush/SstArticleManagerType/GetHotList')).json().types;
    const created = await add(staff, {
      title: '  新文章  ',
      articleFrom: '原创',
      content:
        '<h2>标题</h2><p><strong>加粗</strong>文字<img src="/api/fs/raw/c1/2026/01/00000000-0000-0000-0000-000000000000.png"></p>',
      typeId: types[0].id,
      thumbnail: '/api/fs/raw/c1/2026/01/00000000-0000-0000-0000-000000000000_t.jpg',
    });
    expect(created.statusCode).toBe(200);
    const a = created.json();
    expect(a).toMatchObject({
      title: '新文章',
      articleFrom: '原创',
      createBy: '李员工',
      sstTypeString: '行业资讯',
      isShareToEnterprise: false,
      canEdit: true,
    });
    expect(a.content).toContain('<strong>加粗</strong>');
    expect(a.summary).toBe('标题加粗文字');
    expect((await get(staff, `/api/caspush/articlemanager/${a.id}`)).json().content).toBe(a.content);

    const upd = await post(staff, '/api/caspush/articlemanager/Update', {
      id: a.id,
      title: '改过的标题',
      content: '<p>新的</p>',
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ title: '改过的标题', content: '<p>新的</p>', typeId: null });

    const on = await get(staff, `/api/caspush/articlemanager/SetArticleShare?articleId=${a.id}`);
    expect(on.json()).toEqual({ id: a.id, isShareToEnterprise: true });
    const ent = (await post(admin, '/api/caspush/articlemanager/GetCustomerArticle', { pageSize: 100 })).json();
    expect(ent.data.some((x: { id: number }) => x.id === a.id)).toBe(true);
    const off = await get(staff, `/api/caspush/articlemanager/SetArticleShare?articleId=${a.id}`);
    expect(off.json().isShareToEnterprise).toBe(false);

    expect((await t.call(staff, { method: 'DELETE', url: `/api/caspush/articlemanager/${a.id}` })).statusCode).toBe(
      200,
    );
    expect((await get(staff, `/api/caspush/articlemanager/${a.id}`)).statusCode).toBe(404);
  });

  it('names the bad field', async () => {
    const noTitle = await add(staff, { title: ' ' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().field).toBe('title');
    const badThumb = await add(staff, { thumbnail: 'javascript:alert(1)' });
    expect(badThumb.json().field).toBe('thumbnail');
    const foreignType = (await get(other, '/api/caspush/SstArticleManagerType/GetHotList')).json().types[0];
    const badType = await add(staff, { typeId: foreignType.id });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().field).toBe('typeId');
    const onlyScript = await add(staff, { content: '<script>alert(1)</script>' });
    expect(onlyScript.statusCode).toBe(400);
    expect(onlyScript.json().field).toBe('content');
    for (const content of ['<p>   </p>', '<p>&nbsp;</p><p></p>']) {
      const blank = await add(staff, { content });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toMatchObject({ field: 'content', detail: 'content: 请输入内容' });
    }
  });

  it("a staff user changing an admin's article gets 403; the admin may change a staff article", async () => {
    const mine = (await add(admin, { title: '管理员文章', isShareToEnterprise: true })).json();
    expect(
      (await post(staff, '/api/caspush/articlemanager/Update', { id: mine.id, title: 'x', content: '<p>x</p>' }))
        .statusCode,
    ).toBe(403);
    expect((await t.call(staff, { method: 'DELETE', url: `/api/caspush/articlemanager/${mine.id}` })).statusCode).toBe(
      403,
    );
    expect((await get(staff, `/api/caspush/articlemanager/SetArticleShare?articleId=${mine.id}`)).statusCode).toBe(403);
    const seen = (await get(staff, `/api/caspush/articlemanager/${mine.id}`)).json();
    expect(seen.canEdit).toBe(false);

    const staffOwn = (await add(staff, { title: '员工文章' })).json();
    expect(
      (
        await post(admin, '/api/caspush/articlemanager/Update', {
          id: staffOwn.id,
          title: '管理员改',
          content: '<p>y</p>',
        })
      ).statusCode,
    ).toBe(200);
    // another staff member does not see a personal article at all
    expect((await get(multi, `/api/caspush/articlemanager/${staffOwn.id}`)).statusCode).toBe(404);
    expect(
      (await t.call(admin, { method: 'DELETE', url: `/api/caspush/articlemanager/${staffOwn.id}` })).statusCode,
    ).toBe(200);
  });

  it("another company's article ids answer 404 on every call", async () => {
    const a = (await add(admin, { title: '仅本企业', isShareToEnterprise: true })).json();
    expect((await get(other, `/api/caspush/articlemanager/${a.id}`)).statusCode).toBe(404);
    expect(
      (await post(other, '/api/caspush/articlemanager/Update', { id: a.id, title: 'x', content: '<p>x</p>' }))
        .statusCode,
    ).toBe(404);
    expect((await t.call(other, { method: 'DELETE', url: `/api/caspush/articlemanager/${a.id}` })).statusCode).toBe(
      404,
    );
    expect((await get(other, `/api/caspush/articlemanager/SetArticleShare?articleId=${a.id}`)).statusCode).toBe(404);
    expect((await get(admin, `/api/caspush/articlemanager/${a.id}`)).statusCode).toBe(200);
  });

  it('fills the content port for share pages', async () => {
    const a = (await add(staff, { title: '分享用', content: '<p>分享内容</p>' })).json();
    const item = await t.app.ports.content.get(t.app.db, t.ids.companyA, 'article', a.id);
    expect(item).toMatchObject({ kind: 'article', title: '分享用', html: '<p>分享内容</p>', summary: '分享内容' });
    expect(await t.app.ports.content.get(t.app.db, t.ids.companyB, 'article', a.id)).toBeUndefined();
    // A mini-website's list names its articles by their headings: the company's only.
    const { content } = t.app.ports;
    expect(await content.headings(t.app.db, t.ids.companyA, 'article', [a.id, 987654])).toEqual([
      { id: a.id, title: '分享用', createdBy: expect.any(Number), sharedToCompany: false },
    ]);
    expect(await content.headings(t.app.db, t.ids.companyB, 'article', [a.id])).toEqual([]);
  });
});

/** Every tag, attribute and URL of `html` that could run script. */
function dangers(html: string): string[] {
  const found: string[] = [];
  const badTags = new Set([
    'script',
    'style',
    'object',
    'embed',
    'form',
    'input',
    'button',
    'meta',
    'base',
    'link',
    'svg',
    'math',
    'frame',
    'frameset',
    'body',
    'textarea',
    'noscript',
    'isindex',
    'keygen',
    'marquee',
    'details',
    'audio',
    'bgsound',
    'x',
    'title',
  ]);
  const urlAttrs = new Set([
    'href',
    'src',
    'poster',
    'action',
    'formaction',
    'background',
    'dynsrc',
    'lowsrc',
    'data',
    'cite',
  ]);
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (badTags.has(name)) found.push(`<${name}>`);
        for (const [k, raw] of Object.entries(attrs)) {
          if (k.startsWith('on') || k === 'srcdoc' || k === 'formaction') found.push(`${name}@${k}`);
          // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are part of the attack
          const v = raw.replace(/[\u0000-\u0020]/g, '').toLowerCase();
          if (urlAttrs.has(k)) {
            if (/^(javascript|vbscript|livescript):/.test(v)) found.push(`${name}@${k}=${v}`);
            if (v.startsWith('data:') && !(name === 'img' && /^data:image\/(png|jpe?g|gif|webp);base64,/.test(v)))
              found.push(`${name}@${k}=data`);
            if (v.startsWith('//')) found.push(`${name}@${k}=protocol-relative`);
          }
          if (k === 'style' && /url\(|expression|behavior|javascript/.test(v)) found.push(`${name}@style=${v}`);
        }
        if (name === 'iframe') {
          const host = /^https?:\/\/([^/:]+)/i.exec(attrs.src ?? '')?.[1];
          if (!host || !['v.qq.com', 'player.bilibili.com', 'player.youku.com'].includes(host))
            found.push(`iframe=${attrs.src}`);
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

describe('HTML sanitizer', () => {
  it(`stores ${XSS_PAYLOADS.length} XSS payloads inert through AddNew and Update`, async () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(50);
    const host = (await add(staff, { title: 'xss', content: '<p>start</p>' })).json();
    for (const [i, payload] of XSS_PAYLOADS.entries()) {
      const content = `<p>before ${i}</p>${payload}<p>after</p>`;
      const created = await add(staff, { title: `xss ${i}`, content });
      expect(created.statusCode, payload).toBe(200);
      const stored = (await get(staff, `/api/caspush/articlemanager/${created.json().id}`)).json().content;
      expect(dangers(stored), `${payload} → ${stored}`).toEqual([]);
      const updated = await post(staff, '/api/caspush/articlemanager/Update', { id: host.id, title: 'xss', content });
      expect(dangers(updated.json().content), payload).toEqual([]);
    }
  });

  it('keeps safe formatting, data: images and allow-listed video iframes', async () => {
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const content = [
      '<h2 style="text-align: center">小标题</h2>',
      '<p><span style="color: #ff0000">红字</span> <a href="https://example.com" target="_blank">链接</a></p>',
      `<img src="${png}" alt="点">`,
      '<iframe src="https://v.qq.com/txp/iframe/player.html?vid=x0000" allowfullscreen></iframe>',
      '<iframe src="https://evil.example/player"></iframe>',
      '<table><tbody><tr><td colspan="2">格</td></tr></tbody></table>',
    ].join('');
    const a = (await add(staff, { content })).json();
    expect(a.content).toContain('<h2 style="text-align:center">小标题</h2>');
    expect(a.content).toContain('<span style="color:#ff0000">红字</span>');
    expect(a.content).toContain('rel="noopener noreferrer"');
    expect(a.content).toContain(`src="${png}"`);
    expect(a.content).toContain('https://v.qq.com/txp/iframe/player.html?vid=x0000');
    expect(a.content).not.toContain('evil.example');
    expect(a.content).toContain('<td colspan="2">格</td>');
  });
});

import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { PHONE_UA as UA } from '../../../test/tracking.js';

// The reply cache stays on: a removal must reach the cached share pages too.
const {
  t,
  tokens: [admin, staff],
} = await appForFile(['admin', 'staff1']);

const S = '/api/caspush/SstArticleShare';
const E = '/api/visitingcard/empcard';

async function shareCard(token: string) {
  const card = await t.call(token, { method: 'GET', url: `${S}/GetArticleCardAsync` });
  const res = await t.call(token, {
    method: 'POST',
    url: `${S}/ShareContent`,
    payload: { kind: 'card', id: (card.json() as { empId: number }).empId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { code: string }).code;
}

async function shareFirstArticle(token: string) {
  const list = await t.call(token, {
    method: 'POST',
    url: '/api/caspush/articlemanager/GetEnterpriseAndMyArticle',
    payload: { pageIndex: 1, pageSize: 1 },
  });
  expect(list.statusCode, list.body).toBe(200);
  const [article] = (list.json() as { data: { id: number }[] }).data;
  const res = await t.call(token, {
    method: 'POST',
    url: `${S}/ShareAsync`,
    payload: { articleManagerId: article.id, isShowCard: true, isShowPhone: true },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { code: string }).code;
}

const open = (path: string) => t.app.inject({ method: 'GET', url: path, headers: { 'user-agent': UA } });

describe("a share page shows what the sharer's card shows, and stops with the sharer's membership", () => {
  it("the card page's preview and its vCard leave out what the card hides", async () => {
    const wechat = await t.call(staff, {
      method: 'PUT',
      url: `${E}/UpdateUserWechat`,
      payload: { weChatID: 'secret_wx_staff1', weChatQRCode: '' },
    });
    expect(wechat.statusCode, wechat.body).toBe(200);
    const hideAll = await t.call(staff, {
      method: 'PUT',
      url: `${E}/Settings`,
      payload: {
        name: '李员工',
        duties: '销售顾问',
        isShowCompany: false,
        isShowPosition: false,
        isShowPhone: false,
        isShowWeChat: false,
      },
    });
    expect(hideAll.statusCode, hideAll.body).toBe(200);
    const code = await shareCard(staff);
    const page = await open(`/s/${code}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('李员工');
    expect(page.body).not.toMatch(/销售顾问|演示科技有限公司|secret_wx_staff1/);
    const card = await open(`/s/${code}/vcard`);
    expect(card.statusCode).toBe(200);
    expect(card.body).toContain('FN:李员工');
    expect(card.body).not.toMatch(/ORG:|TITLE:|TEL|secret_wx_staff1/);
  });

  it("a removed member's card and article links answer 410 (page, vCard, consult)", async () => {
    const cardCode = await shareCard(staff);
    const articleCode = await shareFirstArticle(staff);
    expect((await open(`/s/${cardCode}`)).statusCode).toBe(200);
    expect((await open(`/s/${articleCode}`)).statusCode).toBe(200);

    const members = await t.call(admin, { method: 'GET', url: '/api/cus/companymember/GetPageList?pageSize=50' });
    const member = (members.json() as { data: { id: number; name: string }[] }).data.find((m) => m.name === '李员工');
    expect(member).toBeDefined();
    const removed = await t.call(admin, { method: 'DELETE', url: `/api/cus/companymember/${member?.id}` });
    expect(removed.statusCode, removed.body).toBe(200);

    for (const path of [`/s/${cardCode}`, `/s/${articleCode}`, `/s/${cardCode}/vcard`]) {
      const gone = await open(path);
      expect(gone.statusCode, path).toBe(410);
      expect(gone.body, path).not.toContain('李员工');
    }
    const consult = await t.app.inject({
      method: 'POST',
      url: `/s/${articleCode}/consult`,
      headers: { 'user-agent': UA, accept: 'application/json', 'content-type': 'application/json' },
      payload: { name: '客户', phone: '13955550001' },
    });
    expect(consult.statusCode).toBe(410);
  });
});

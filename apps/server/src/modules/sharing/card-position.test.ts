import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';

const {
  t,
  tokens: [staff],
} = await appForFile(['staff1']);

const E = '/api/visitingcard/empcard';
const S = '/api/caspush/SstArticleShare';

describe('the visitor’s card page (/s/<code>)', () => {
  it('shows a long position’s first 9 characters and an ellipsis, as the console does (SPEC §3)', async () => {
    const saved = await t.call(staff, {
      method: 'PUT',
      url: `${E}/Settings`,
      payload: {
        name: '李员工',
        duties: '华东大区高级销售总监兼副总经理',
        isShowCompany: true,
        isShowPosition: true,
        isShowPhone: false,
        isShowWeChat: false,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const me = (await t.call(staff, { method: 'GET', url: `${S}/GetArticleCardAsync` })).json();
    const shared = await t.call(staff, {
      method: 'POST',
      url: `${S}/ShareContent`,
      payload: { kind: 'card', id: me.empId },
    });
    expect(shared.statusCode, shared.body).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: `/s/${shared.json().code}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('>华东大区高级销售总…</div>');
    expect(page.body).not.toContain('>华东大区高级销售总监兼副总经理<');
    // The link's preview says it the same way.
    expect(page.body).toMatch(/<meta name="description" content="华东大区高级销售总… · /);
  });
});

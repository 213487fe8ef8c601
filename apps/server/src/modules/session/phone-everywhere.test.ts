import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { PHONE_UA as UA } from '../../../test/tracking.js';
import { DEMO_PASSWORD } from '../../db/seed/index.js';

// The reply cache and the share-page cache stay on: a new number must reach every company's cached answers.
const {
  t,
  tokens: [multiA, adminA],
} = await appForFile(['multi', 'admin']);

const get = (token: string, url: string) => t.call(token, { method: 'GET', url: `/api${url}` });

describe('a new phone number reaches every company of its person at once', () => {
  it('changed in one company, it shows on the card page and member list of the other one', async () => {
    // multi's card link in company A (the company of the first login), and the pages cached with the old number.
    const card = (await get(multiA, '/caspush/SstArticleShare/GetArticleCardAsync')).json() as { empId: number };
    const shared = await t.call(multiA, {
      method: 'POST',
      url: '/api/caspush/SstArticleShare/ShareContent',
      payload: { kind: 'card', id: card.empId },
    });
    expect(shared.statusCode, shared.body).toBe(200);
    const page = () => t.app.inject({ method: 'GET', url: `/s/${shared.json().code}`, headers: { 'user-agent': UA } });
    expect((await page()).body).toContain('13800000003');
    const members = async () =>
      JSON.stringify((await get(adminA, '/cus/companymember/GetPageList?pageSize=50')).json());
    expect(await members()).toContain('13800000003');

    // In company B, the number changes with syncCardInfo.
    const inB = (await get(multiA, `/usr/session/SwitchToken/${t.ids.companyB}`)).json().token as string;
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/maint/common/SendCodeMsg',
      remoteAddress: '10.88.0.1',
      payload: { guid: 'g-1', phoneNo: '13911110003', purpose: 'phone' },
    });
    expect(sent.statusCode).toBe(200);
    const text = [...t.app.sms.sent].reverse().find((m) => m.phone === '13911110003')?.text ?? '';
    const code = /(\d{6})/.exec(text)?.[1];
    const changed = await t.call(inB, {
      method: 'POST',
      url: '/api/usr/session/UpdatePhoneByCode',
      payload: { mobile: '13911110003', code, syncCardInfo: true, password: DEMO_PASSWORD },
    });
    expect(changed.json()).toEqual({ result: 1 });

    const after = await page();
    expect(after.body).toContain('13911110003');
    expect(after.body).not.toContain('13800000003');
    expect(await members()).toContain('13911110003');
    // Company A's administrator finds the change in A's audit log too, though it was made in B.
    const log = (await get(adminA, '/cus/audit/GetPageList?action=phone.change')).json() as {
      data: { targetId: string; changes: { to: string } }[];
    };
    expect(log.data).toContainEqual(
      expect.objectContaining({
        targetId: String(t.ids.multi),
        changes: expect.objectContaining({ to: '13911110003' }),
      }),
    );
  });
});

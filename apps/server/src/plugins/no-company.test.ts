import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appForFile, ownDataDir } from '../../test/app.js';
import { multipart, pdf } from '../storage/testing.js';

// Its own data folder: the test compares the stored files before and after a refused upload.
const { t } = await appForFile([], { DATA_DIR: await ownDataDir() });

/** A person just registered: signed in, in no company yet. */
async function newcomer(): Promise<string> {
  await t.app.inject({
    method: 'POST',
    url: '/api/maint/common/SendCodeMsg',
    remoteAddress: '10.78.0.1',
    payload: { guid: 'nc', phoneNo: '13955550001', purpose: 'register' },
  });
  const sms = [...t.app.sms.sent].reverse().find((m) => m.phone === '13955550001');
  const res = await t.call(null, {
    method: 'POST',
    url: '/api/cus/customer/CustomerRegister',
    payload: {
      account: 'newcomer',
      password: 'abc_1234',
      phone: '13955550001',
      code: /(\d{6})/.exec(sms?.text ?? '')?.[1],
      name: '新人',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token;
}

/** Every stored object under the files folder. */
async function storedObjects(): Promise<string[]> {
  return readdir(join(t.app.config.dataDir, 'files'), { recursive: true }).catch(() => []);
}

describe('a session in no company', () => {
  it('is refused a company write before anything is stored (403 尚未加入企业), in either language', async () => {
    const token = await newcomer();
    const before = await storedObjects();
    const m = multipart([{ name: 'file', value: pdf(), filename: 'a.pdf' }]);
    const up = await t.call(token, {
      method: 'POST',
      url: '/api/fs/Files/AttachmentUpload',
      payload: m.payload,
      headers: m.headers,
    });
    expect(up.statusCode).toBe(403);
    expect(up.json()).toMatchObject({ title: 'Forbidden', detail: '尚未加入企业' });
    expect(await storedObjects()).toEqual(before);
    for (const [method, url, payload] of [
      ['POST', '/api/fs/FileGroup/Add', { name: '分组' }],
      ['POST', '/api/newmedia/ExpandWords/Sets', { name: '词组', words: ['获客'] }],
      ['PUT', '/api/usr/sysnavigation/MySysNavList', { ids: [] }],
    ] as const) {
      const res = await t.call(token, { method, url, payload, headers: { 'accept-language': 'en' } });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().detail, url).toBe('You have not joined a company yet');
    }
  });

  it('still looks after its own account and joins a company', async () => {
    const token = (
      await t.call(null, {
        method: 'POST',
        url: '/api/usr/session',
        payload: { account: 'newcomer', password: 'abc_1234' },
      })
    ).json().token;
    const live = await t.call(token, { method: 'POST', url: '/api/maint/live/ticket' });
    expect(live.statusCode).toBe(200);
    const made = await t.call(token, {
      method: 'POST',
      url: '/api/cus/customer/RegisterCompany',
      payload: { icCompanyName: '新人的公司', regionId: 110000, icLinkMan: '新人' },
    });
    expect(made.statusCode, made.body).toBe(200);
  });
});

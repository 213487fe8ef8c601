import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { seedLicencePicture } from './licence.js';

const { t } = await appForFile([]);

describe('the seeded certification licence', () => {
  it('is a stored picture the operator’s 查看 opens, not a /files/demo/… address that 404s', async () => {
    const operator = await t.login('operator');
    const list = await t.call(operator, { method: 'GET', url: '/api/cus/customerauth/GetReviewList?status=pending' });
    const pending = list.json().data.find((r: { companyName: string }) => r.companyName === '示例传媒有限公司');
    expect(pending.licenceUrl).toMatch(new RegExp(`^/api/fs/raw/c${t.ids.companyB}/.+\\.png$`));

    // Seeded with storage (the start command, npm run seed), the address serves the picture.
    const url = await seedLicencePicture(t.ids.companyB, t.app.storage);
    const picture = await t.call(null, { method: 'GET', url });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });
});

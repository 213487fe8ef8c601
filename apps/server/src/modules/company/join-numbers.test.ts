import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';

/**
 * A company number (企业号) is six random digits: someone walking them one after another learned the name of every
 * company (GetMyApplications names the company applied to) and sent each one's administrators a join request.
 * Wrong numbers are limited per person, as wrong passwords are.
 */
const {
  t,
  tokens: [staff, badmin],
} = await appForFile(['staff1', 'badmin']);

const apply = (token: string, randomCode: string, lang = 'zh-CN') =>
  t.call(token, {
    method: 'POST',
    url: '/api/cus/joincustomerapplier/ApplierJoinCustomer',
    headers: { 'accept-language': lang },
    payload: { randomCode, name: '申请人' },
  });

describe('walking company numbers', () => {
  it('answers 429 after 10 wrong numbers in 15 minutes, a right number too, and applies to nothing', async () => {
    const myApplications = async () =>
      (await t.call(staff, { method: 'GET', url: '/api/usr/users/GetMyApplications' })).json().data;
    const before = await myApplications();
    for (let i = 0; i < 10; i++) {
      const miss = await apply(staff, String(900_000 + i));
      expect(miss.statusCode, miss.body).toBe(404);
      expect(miss.json().detail).toBe('企业号不存在');
    }
    // 100002 is 示例传媒有限公司's number: once capped, a right number tells nothing either.
    const capped = await apply(staff, '100002');
    expect(capped.statusCode).toBe(429);
    expect(capped.json().detail).toBe('企业号错误次数过多，请15分钟后再试');
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(0);
    const en = await apply(staff, '100002', 'en');
    expect(en.statusCode).toBe(429);
    expect(en.json().detail).toBe('Too many wrong company numbers; try again in 15 min');
    // Nothing applied (an application sent again would be dated anew).
    expect(await myApplications()).toEqual(before);
  });

  it('a right number uses up no try: applying again to the same company is not held back', async () => {
    for (let i = 0; i < 12; i++) {
      const res = await apply(badmin, '100001');
      expect(res.statusCode, res.body).toBe(200);
    }
    // Another person's misses are theirs alone.
    expect((await apply(badmin, '999999')).statusCode).toBe(404);
  });
});

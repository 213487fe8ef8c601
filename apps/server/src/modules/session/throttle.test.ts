import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { SharedRateLimiter } from '../../lib/shared-rate-limit.js';

let now = Date.now();
const { t } = await appForFile([]);

beforeAll(async () => {
  // A clock the test moves, so the end of a window is observable without waiting 15 minutes.
  t.app.limiter = new SharedRateLimiter(t.app.db, () => now);
});

const login = (account: string, password: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/usr/session',
    remoteAddress: ip,
    payload: { account, password },
  });

describe('login throttling', () => {
  it('answers 429 with a clear message after 10 failures of one account from one address, for 15 minutes only', async () => {
    for (let i = 0; i < 10; i++) expect((await login('staff1', 'wrong', '10.0.0.1')).statusCode).toBe(401);
    const blocked = await login('staff1', 'huoke_2026', '10.0.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['content-type']).toContain('application/problem+json');
    expect(blocked.json().detail).toBe('登录失败次数过多，请15分钟后再试');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(900);

    // The victim, elsewhere, still logs in.
    expect((await login('staff1', 'huoke_2026', '10.0.0.2')).statusCode).toBe(200);

    now += 10 * 60_000;
    const later = await login('staff1', 'huoke_2026', '10.0.0.1');
    expect(later.statusCode).toBe(429);
    expect(later.json().detail).toBe('登录失败次数过多，请5分钟后再试');

    now += 5 * 60_000 + 1000;
    expect((await login('staff1', 'huoke_2026', '10.0.0.1')).statusCode).toBe(200);
  });

  it('answers 429 to an address after 50 failures over any accounts, and lets it in again after the window', async () => {
    const ip = '10.0.1.1';
    for (let i = 0; i < 50; i++) expect((await login(`nobody${i}`, 'wrong', ip)).statusCode).toBe(401);
    const blocked = await login('admin', 'huoke_2026', ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().title).toBe('Too Many Requests');
    expect((await login('admin', 'huoke_2026', '10.0.1.2')).statusCode).toBe(200);
    now += 15 * 60_000 + 1000;
    expect((await login('admin', 'huoke_2026', ip)).statusCode).toBe(200);
  });

  it('a successful login clears the failures of that account from that address', async () => {
    for (let i = 0; i < 9; i++) await login('multi', 'wrong', '10.0.2.1');
    expect((await login('multi', 'huoke_2026', '10.0.2.1')).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login('multi', 'wrong', '10.0.2.1')).statusCode).toBe(401);
    expect((await login('multi', 'huoke_2026', '10.0.2.1')).statusCode).toBe(200);
  });

  it('checks no more passwords than the limit in a burst of parallel attempts', async () => {
    // Counting after the (slow) password check let all 30 of a burst through, the right password among them.
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login('staff1', i === 29 ? 'huoke_2026' : `wrong${i}`, '10.0.3.1')),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    expect(statuses.filter((s) => s !== 429).length).toBe(10);
  });

  it('counts one person once whether the account or the phone number was typed', async () => {
    const ip = '10.0.4.1';
    for (let i = 0; i < 5; i++) expect((await login('admin', 'wrong', ip)).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await login('13800000001', 'wrong', ip)).statusCode).toBe(401);
    expect((await login('ADMIN', 'huoke_2026', ip)).statusCode).toBe(429);
    expect((await login('13800000001', 'huoke_2026', ip)).statusCode).toBe(429);
  });

  it('does not hold successful logins against an office behind one address', async () => {
    const ip = '10.0.5.1';
    for (let i = 0; i < 60; i++) expect((await login('staff1', 'huoke_2026', ip)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await login('multi', 'wrong', ip)).statusCode).toBe(401);
  });
});

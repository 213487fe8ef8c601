import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { DeafBus } from '../../cluster/testing.js';
import { sessions } from '../../db/schema/index.js';
import { hashToken } from '../../lib/tokens.js';
import { SESSION_CACHE_TTL_MS, SessionStore } from './session-store.js';

let now = Date.now();
const { t } = await appForFile([]);

beforeAll(async () => {
  // A clock the test moves, to see the cache's time-to-live end.
  t.app.sessions = new SessionStore(t.app.db, t.app.config.SESSION_DAYS, () => now);
});

const me = (token: string) => t.call(token, { method: 'GET', url: '/api/usr/session' });

describe('session cache (DESIGN §5)', () => {
  it('serves a validated token from memory for a few seconds, then asks the database again', async () => {
    expect(SESSION_CACHE_TTL_MS).toBeLessThanOrEqual(5_000);
    const token = await t.login('staff1');
    expect((await me(token)).statusCode).toBe(200);
    // Ended behind the server's back (another server copy): this copy notices within the TTL.
    await t.app.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokeReason: 'removed' })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await me(token)).statusCode).toBe(200);
    now += SESSION_CACHE_TTL_MS + 1;
    expect((await me(token)).statusCode).toBe(410);
  });

  it('logout forgets the cached session at once', async () => {
    const token = await t.login('staff1');
    expect((await me(token)).statusCode).toBe(200);
    await t.call(token, { method: 'DELETE', url: '/api/usr/session' });
    expect((await me(token)).statusCode).toBe(401);
  });

  it('a password change forgets every cached session of the user at once', async () => {
    const a = await t.login('multi');
    const b = await t.login('multi');
    expect((await me(b)).statusCode).toBe(200);
    const res = await t.call(a, {
      method: 'PUT',
      url: '/api/usr/session/password',
      payload: { oldPassword: 'huoke_2026', password: 'cache_123', rePassword: 'cache_123' },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(a)).statusCode).toBe(410);
    expect((await me(b)).statusCode).toBe(410);
  });

  it('removal from a company (revokeUser) forgets the cached sessions of that company at once', async () => {
    const token = await t.login('admin');
    expect((await me(token)).statusCode).toBe(200);
    await t.app.sessions.revokeUser(t.app.db, t.ids.admin, 'removed', t.ids.companyA);
    const res = await me(token);
    expect(res.statusCode).toBe(410);
    expect(res.json().detail).toBe('您已被移出该企业，请重新登录');
  });

  it('switching company ends the old token at once', async () => {
    const token = await t.login('multi', 'cache_123');
    expect((await me(token)).statusCode).toBe(200);
    const sw = await t.call(token, { method: 'GET', url: `/api/usr/session/SwitchToken/${t.ids.companyB}` });
    expect(sw.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(410);
    expect((await me(sw.json().token)).json().customerId).toBe(t.ids.companyB);
  });

  it('an expired session answers 401 even while cached', async () => {
    const token = await t.login('staff1');
    expect((await me(token)).statusCode).toBe(200);
    await t.app.db
      .update(sessions)
      .set({ expiresAt: new Date(now + SESSION_CACHE_TTL_MS + 3000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    now += SESSION_CACHE_TTL_MS + 1;
    expect((await me(token)).statusCode).toBe(200);
    now += 3000;
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('登录过期，请重新登录');
  });

  it('a copy whose listening connection is lost keeps no session: one ended elsewhere meanwhile is refused at once', async () => {
    const store = t.app.sessions;
    // The bus of a PostgreSQL copy between losing its listening connection and listening again.
    t.app.sessions = new SessionStore(t.app.db, t.app.config.SESSION_DAYS, () => now, new DeafBus(t.app.log));
    try {
      const token = await t.login('staff1');
      expect((await me(token)).statusCode).toBe(200);
      await t.app.db
        .update(sessions)
        .set({ revokedAt: new Date(), revokeReason: 'removed' })
        .where(eq(sessions.tokenHash, hashToken(token)));
      expect((await me(token)).statusCode).toBe(410);
    } finally {
      t.app.sessions = store;
    }
  });
});

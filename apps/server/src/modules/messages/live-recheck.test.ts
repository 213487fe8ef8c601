import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { sessions } from '../../db/schema/index.js';
import { hashToken } from '../../lib/tokens.js';

const { t } = await appForFile([]);

describe('live streams after the copy may have missed notices (cluster bus resync)', () => {
  it('end where their session ended or their rights changed meanwhile, and stay open where both last', async () => {
    const [kept, removed] = [await t.login('staff1'), await t.login('staff1')];
    const ended: string[] = [];
    const open = (name: string, sessionHash: string | null, seesAll = false) =>
      t.app.live.subscribe({
        userId: t.ids.staff1,
        companyId: t.ids.companyA,
        seesAll,
        sessionHash,
        send: () => {},
        end: () => ended.push(name),
      });
    const unsubscribe = [
      open('kept', hashToken(kept)),
      open('removed', hashToken(removed)),
      open('no session', null),
      // Opened while staff1 was an administrator, who is staff now (the role change's notice was missed too).
      open('made staff', hashToken(kept), true),
    ];
    // The session ends while this copy's listener is cut off: its notice never comes.
    await t.app.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.tokenHash, hashToken(removed)));
    // The listener reconnects: the bus calls its resync handlers (app.ts).
    (t.app.bus as unknown as { resync(): void }).resync();
    const deadline = Date.now() + 5000;
    while (ended.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(ended.sort()).toEqual(['made staff', 'no session', 'removed']);
    for (const u of unsubscribe) u();
  });
});

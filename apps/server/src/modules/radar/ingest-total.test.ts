/**
 * The message centre's kept total (lib/count-cache.ts: a user's 1,000 messages and more are kept for 10 s) and the
 * tracking ingest: a batch that wrote a radar or 🔥 message drops it, here and in every server copy; one that wrote
 * none keeps it.
 */
import { describe, expect, it } from 'vitest';
import { appForFile, createTestApp, type TestApp } from '../../../test/app.js';
import { addRadarMessages, radarTab } from '../../../test/radar-messages.js';
import { trackingFixtures } from '../../../test/tracking.js';

const {
  t,
  tokens: [staff],
} = await appForFile(['staff1']);

const { viewNow } = trackingFixtures(t, { code: 'total-code-1', contentId: 8101, title: '总数测试文章' });

/** Reads the tab twice: the second answer is the kept total. */
async function keptTotal(app: TestApp, token: string) {
  const { totalCount } = await radarTab(app, token);
  expect(totalCount).toBeGreaterThanOrEqual(1_000);
  expect((await radarTab(app, token)).totalCount).toBe(totalCount);
  return totalCount;
}

describe("the tracking ingest and the message centre's total", () => {
  it('a beacon that writes a radar message shows in the 客情雷达 total at once', async () => {
    await addRadarMessages(t, 1_000);
    const before = await keptTotal(t, staff);
    await t.app.ports.radar.record(viewNow('total-v1'));
    const after = await radarTab(t, staff);
    expect(after.data[0]?.title).toContain('总数测试文章');
    expect(after.totalCount).toBe(before + 1);
  });

  it('so does a 🔥 message', async () => {
    const before = await keptTotal(t, staff);
    // A consult raises its 🔥 moment for the sharer (and no plain radar message beside it).
    await t.app.ports.radar.record(viewNow('total-v1', { action: 'consult' }));
    const after = await radarTab(t, staff);
    expect(after.data[0]?.title).toMatch(/^🔥 /);
    expect(after.totalCount).toBe(before + 1);
  });

  it('a beacon that writes no message keeps the kept total', async () => {
    const before = await keptTotal(t, staff);
    // A message written past the ingest (nothing forgets): the kept total does not show it yet.
    await addRadarMessages(t, 1);
    // The same visitor's view again, inside its 30-minute window: no message.
    await t.app.ports.radar.record(viewNow('total-v1'));
    expect((await radarTab(t, staff)).totalCount).toBe(before);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a radar message written by one server copy shows in the total another copy answers (PostgreSQL)',
    async () => {
      const t2 = await createTestApp({}, { sameDatabaseAs: t });
      try {
        const staff2 = await t2.login('staff1');
        const before = await keptTotal(t2, staff2);
        // A new visitor's view, stored by the first copy.
        await t.app.ports.radar.record(viewNow('total-v2'));
        let total = before;
        for (let i = 0; i < 100 && total === before; i++) {
          await new Promise((r) => setTimeout(r, 50));
          total = (await radarTab(t2, staff2)).totalCount;
        }
        expect(total).toBe(before + 1);
      } finally {
        await t2.close();
      }
    },
  );
});

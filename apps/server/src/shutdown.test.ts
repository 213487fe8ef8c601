import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../test/app.js';
import { rowsOf } from './db/client.js';

const { t } = await appForFile([]);

const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';

describe('closing the app', () => {
  it('stores every beacon it answered 204 before close() resolves (the database closes right after)', async () => {
    const token = await t.login('admin');
    const card = (await t.call(token, { method: 'GET', url: '/api/visitingcard/empcard/GetAppMyDetails' })).json();
    const shared = await t.call(token, {
      method: 'POST',
      url: '/api/caspush/SstArticleShare/ShareContent',
      payload: { kind: 'card', id: card.empId },
    });
    const code = shared.json().code as string;
    // The work between a beacon's 204 and its event being queued (looking the share up) made slow, as under load.
    const record = t.app.ports.radar.record;
    t.app.ports.radar.record = async (e) => {
      await new Promise((r) => setTimeout(r, 100));
      return record(e);
    };
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/t',
          headers: {
            'content-type': 'text/plain',
            cookie: `hk_vid=close-test-visitor-${String(i % 5).padStart(4, '0')}`,
            'user-agent': UA,
          },
          payload: JSON.stringify({ code, action: 'view' }),
        }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 204)).toBe(true);
    await t.app.close();
    // What main.ts does next is close the database: everything answered 204 must be stored by now.
    const rows = rowsOf<{ n: number }>(
      await t.app.db.execute(sql`select count(*)::int as n from behavior_events where share_code = ${code}`),
    );
    expect(rows[0].n).toBe(30);
  });
});

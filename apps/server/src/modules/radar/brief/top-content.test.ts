import { EVENT_KIND } from '@huoke/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../../test/app.js';
import { articles, contentDaily } from '../../../db/schema/index.js';
import { addDays, dayOf } from '../../../lib/days.js';
import { topContentYesterday } from './figures.js';

const { t } = await appForFile([]);
const today = dayOf();

/** Yesterday's views of an article brought by one sharer (no seeded row is theirs: the operator's number). */
async function viewed(contentId: number, views: number) {
  await t.app.db
    .insert(contentDaily)
    .values({
      companyId: t.ids.companyA,
      day: addDays(today, -1),
      kind: EVENT_KIND.article,
      contentId,
      sharerId: t.ids.operator,
      views,
    })
    .onConflictDoUpdate({
      target: [
        contentDaily.companyId,
        contentDaily.day,
        contentDaily.kind,
        contentDaily.contentId,
        contentDaily.sharerId,
        contentDaily.lane,
      ],
      set: { views },
    });
}

describe('昨日访问最多 (the daily brief)', () => {
  // One view made an item 昨日访问最多, the most visited of nothing.
  it('names the content only when it was viewed at least twice yesterday', async () => {
    const [a] = await t.app.db
      .select({ id: articles.id, title: articles.title })
      .from(articles)
      .where(eq(articles.companyId, t.ids.companyA))
      .limit(1);
    const owner = { companyId: t.ids.companyA, userId: t.ids.operator, all: false };
    expect(await topContentYesterday(t.app.db, owner, today)).toBeNull();
    await viewed(a.id, 1);
    expect(await topContentYesterday(t.app.db, owner, today)).toBeNull();
    await viewed(a.id, 2);
    expect(await topContentYesterday(t.app.db, owner, today)).toMatchObject({
      kind: EVENT_KIND.article,
      contentId: a.id,
      views: 2,
      title: a.title,
    });
    // Another company's brief never sees it.
    expect(await topContentYesterday(t.app.db, { ...owner, companyId: t.ids.companyB }, today)).toBeNull();
  });
});

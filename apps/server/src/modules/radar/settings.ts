/** Per-company score settings: half-life and point table (only codes changed from the defaults are stored). */
import {
  DEFAULT_HALF_LIFE_DAYS,
  type LeadSettings,
  type leadSettingsBody,
  SCORE_CODES,
  SCORE_POINTS,
  type ScoreCode,
} from '@huoke/contracts';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { leadScores, leadSettings } from '../../db/schema/index.js';
import type { Ctx } from '../../lib/tenancy.js';
import { DAY_MS } from './score.js';

interface CompanyScoring {
  halfLifeMs: number;
  points: Record<ScoreCode, number>;
}

export async function scoringOf(db: DbOrTx, companyId: number): Promise<CompanyScoring> {
  const [row] = await db.select().from(leadSettings).where(eq(leadSettings.companyId, companyId));
  const stored = (row?.points ?? {}) as Partial<Record<ScoreCode, number>>;
  const points = Object.fromEntries(SCORE_CODES.map((c) => [c, stored[c] ?? SCORE_POINTS[c]])) as Record<
    ScoreCode,
    number
  >;
  return { halfLifeMs: (row?.halfLifeHours ?? DEFAULT_HALF_LIFE_DAYS * 24) * 3_600_000, points };
}

export async function getSettings(db: DbOrTx, ctx: Ctx): Promise<LeadSettings> {
  const s = await scoringOf(db, ctx.companyId);
  return { halfLifeDays: Math.round((s.halfLifeMs / DAY_MS) * 1000) / 1000, points: s.points };
}

/**
 * Saves the settings. A changed half-life rebases every running score of the company at this moment: decayed with
 * the old half-life until now, with the new one from now (and the ranks that order the list, recomputed).
 */
export async function saveSettings(
  db: DbOrTx,
  ctx: Ctx,
  body: z.output<typeof leadSettingsBody>,
  now = new Date(),
): Promise<LeadSettings> {
  const before = await scoringOf(db, ctx.companyId);
  const points: Partial<Record<ScoreCode, number>> = {};
  for (const c of SCORE_CODES) {
    const v = body.points[c] ?? before.points[c];
    if (v !== SCORE_POINTS[c]) points[c] = v;
  }
  const halfLifeHours = body.halfLifeDays * 24;
  const oldH = before.halfLifeMs / 1000;
  const newH = halfLifeHours * 3600;
  await db.transaction(async (tx) => {
    await tx
      .insert(leadSettings)
      .values({ companyId: ctx.companyId, halfLifeHours, points, updatedAt: now })
      .onConflictDoUpdate({ target: leadSettings.companyId, set: { halfLifeHours, points, updatedAt: now } });
    if (Math.abs(oldH - newH) > 1e-9) await rebase(tx, ctx.companyId, oldH, newH, now);
  });
  return getSettings(db, ctx);
}

async function rebase(db: DbOrTx, companyId: number, oldH: number, newH: number, now: Date) {
  const iso = now.toISOString();
  await db.execute(sql`
    update ${leadScores} set
      value = ${leadScores.value} * power(2::float8,
        -greatest(0, extract(epoch from (${iso}::timestamptz - ${leadScores.computedAt})))::float8 / ${oldH}::float8),
      computed_at = greatest(${leadScores.computedAt}, ${iso}::timestamptz)
    where ${leadScores.companyId} = ${companyId}`);
  await db.execute(sql`
    update ${leadScores} set
      rank = ln(greatest(${leadScores.value}, 1e-12)) / ln(2) + extract(epoch from ${leadScores.computedAt})::float8 / ${newH}::float8
    where ${leadScores.companyId} = ${companyId}`);
}

export async function resetSettings(db: DbOrTx, ctx: Ctx): Promise<LeadSettings> {
  return saveSettings(db, ctx, { halfLifeDays: DEFAULT_HALF_LIFE_DAYS, points: { ...SCORE_POINTS } });
}

/** What a save changed, for the audit log: the half-life and each point value that differs, as from → to. */
export function settingsChanges(
  before: LeadSettings,
  after: LeadSettings,
): Record<string, { from: number; to: number }> {
  const changes: Record<string, { from: number; to: number }> = {};
  if (before.halfLifeDays !== after.halfLifeDays) {
    changes.halfLifeDays = { from: before.halfLifeDays, to: after.halfLifeDays };
  }
  for (const c of SCORE_CODES) {
    if (before.points[c] !== after.points[c]) changes[c] = { from: before.points[c], to: after.points[c] };
  }
  return changes;
}

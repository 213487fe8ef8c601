/**
 * The engagement score's arithmetic, pure: points decay with a half-life, value·2^(−Δt/half-life). The ingest keeps
 * the same running value in SQL (score-sql.ts); this module is what tests and readers compute with.
 */
import { DEFAULT_HALF_LIFE_DAYS } from '@huoke/contracts';

export const DAY_MS = 86_400_000;
export const DEFAULT_HALF_LIFE_MS = DEFAULT_HALF_LIFE_DAYS * DAY_MS;

/** A value computed at `fromMs`, seen at `toMs` (a later time; an earlier one is not decayed back). */
export function decay(value: number, fromMs: number, toMs: number, halfLifeMs: number): number {
  if (toMs <= fromMs) return value;
  return value * 2 ** (-(toMs - fromMs) / halfLifeMs);
}

export interface Running {
  value: number;
  /** epoch ms */
  at: number;
}

/** Adds points earned at `atMs` to a running value (either may be the later; the result is at the later). */
export function addPoints(run: Running | null, points: number, atMs: number, halfLifeMs: number): Running {
  if (!run) return { value: points, at: atMs };
  if (atMs >= run.at) return { value: decay(run.value, run.at, atMs, halfLifeMs) + points, at: atMs };
  return { value: run.value + decay(points, atMs, run.at, halfLifeMs), at: run.at };
}

/**
 * The value at `atMs` of scoring events under a half-life that may change: `halfLives` lists from when each
 * half-life holds (sorted; the first from the beginning). A change rebases the value at its time, so points decay
 * with the old half-life until the change and with the new one after.
 */
export function scoreAt(
  events: { points: number; at: number }[],
  halfLives: { from: number; halfLifeMs: number }[],
  atMs: number,
): number {
  const sorted = [...events].sort((a, b) => a.at - b.at);
  const changes = [...halfLives].sort((a, b) => a.from - b.from);
  let run: Running | null = null;
  let h = changes[0]?.halfLifeMs ?? DEFAULT_HALF_LIFE_MS;
  let ci = 1;
  const rebaseUntil = (t: number) => {
    while (ci < changes.length && changes[ci].from <= t) {
      if (run) run = { value: decay(run.value, run.at, changes[ci].from, h), at: changes[ci].from };
      h = changes[ci].halfLifeMs;
      ci++;
    }
  };
  for (const e of sorted) {
    if (e.at > atMs) break;
    rebaseUntil(e.at);
    run = addPoints(run, e.points, e.at, h);
  }
  rebaseUntil(atMs);
  const r = run as Running | null;
  return r ? decay(r.value, r.at, atMs, h) : 0;
}

/** Points at which the badge shows 50 (BADGE_HALF) and every further BADGE_HALF halves the distance left to 100. */
const BADGE_HALF = 40;

/**
 * The 0–100 badge of a running value: 100·(1 − 2^(−value/40)). 40 points show as 50, 93 as 80 (red), and it keeps
 * ordering the hottest leads where a value cut at 100 showed every lead past 100 points as the same 100.
 */
export const badge = (value: number) => (value > 0 ? Math.round(100 * (1 - 2 ** (-value / BADGE_HALF))) : 0);

/** Rank that orders scores the same at any moment: log2(value) + at/half-life (seconds, as stored). */
export const rankOf = (value: number, atMs: number, halfLifeMs: number) =>
  Math.log2(Math.max(value, 1e-12)) + atMs / 1000 / (halfLifeMs / 1000);

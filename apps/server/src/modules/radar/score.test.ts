import { describe, expect, it } from 'vitest';
import { addPoints, badge, DAY_MS, decay, scoreAt } from './score.js';

const T0 = Date.UTC(2026, 0, 1);
const H7 = 7 * DAY_MS;

describe('score decay', () => {
  it('halves each half-life', () => {
    expect(decay(40, T0, T0 + H7, H7)).toBeCloseTo(20, 9);
    expect(decay(40, T0, T0 + 3 * DAY_MS, H7)).toBeCloseTo(40 * 2 ** (-3 / 7), 9);
    expect(decay(40, T0, T0 - DAY_MS, H7)).toBe(40);
  });

  it('adds points incrementally, in or out of order', () => {
    const a = addPoints(addPoints(null, 10, T0, H7), 5, T0 + 7 * DAY_MS, H7);
    expect(a.value).toBeCloseTo(10, 9);
    expect(a.at).toBe(T0 + H7);
    const b = addPoints(addPoints(null, 5, T0 + H7, H7), 10, T0, H7);
    expect(b).toEqual({ value: 10, at: T0 + H7 });
  });

  it('gives exact values for known times, with the half-life changed mid-way', () => {
    const events = [
      { points: 30, at: T0 },
      { points: 10, at: T0 + 2 * DAY_MS },
      { points: 8, at: T0 + 10 * DAY_MS },
    ];
    // 7 days throughout: 30·2^(−12/7) + 10·2^(−10/7) + 8·2^(−2/7) at day 12.
    expect(Math.abs(scoreAt(events, [{ from: 0, halfLifeMs: H7 }], T0 + 12 * DAY_MS) - 19.42027098)).toBeLessThan(1e-6);
    // 7 days until day 4, then 2 days: (30·2^(−4/7) + 10·2^(−2/7)) at day 4, ·2^(−8/2) by day 12, + 8·2^(−2/2).
    const changed = scoreAt(
      events,
      [
        { from: 0, halfLifeMs: H7 },
        { from: T0 + 4 * DAY_MS, halfLifeMs: 2 * DAY_MS },
      ],
      T0 + 12 * DAY_MS,
    );
    const expected = (30 * 2 ** (-4 / 7) + 10 * 2 ** (-2 / 7)) * 2 ** (-8 / 2) + 8 * 2 ** (-2 / 2);
    expect(Math.abs(changed - expected)).toBeLessThan(1e-6);
    expect(Math.abs(changed - 5.77449103)).toBeLessThan(1e-6);
  });
});

describe('score badge', () => {
  it('shows 0–100 that keeps ordering past 100 points', () => {
    expect([0, -3, 40, 93, 120, 200, 400].map(badge)).toEqual([0, 0, 50, 80, 88, 97, 100]);
    // Two hot leads a cut at 100 showed alike stay apart.
    expect(badge(150)).toBeLessThan(badge(250));
  });
});

// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { scoredHistory } from './ScorePanel';

const days = (scores: number[]) =>
  scores.map((score, i) => ({ day: `2026-11-${String(i + 1).padStart(2, '0')}`, score }));

describe('the score history of the lead drawer', () => {
  it('starts a week before the first scored day, so a new lead does not read as a month-long cold one', () => {
    const history = days([...Array(28).fill(0), 40, 65]);
    const shown = scoredHistory(history);
    expect(shown.map((h) => h.day)).toEqual(history.slice(22).map((h) => h.day));
    expect(shown.at(-1)).toEqual({ day: '2026-11-30', score: 65 });
  });

  it('keeps the whole month of a lead scored since its first day, and a week of a lead never scored', () => {
    const scored = days([5, ...Array(29).fill(3)]);
    expect(scoredHistory(scored)).toHaveLength(30);
    expect(scoredHistory(days(Array(30).fill(0)))).toHaveLength(7);
  });
});

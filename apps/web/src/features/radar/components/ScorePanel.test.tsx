// @vitest-environment happy-dom
import type { LeadScore } from '@huoke/contracts';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderView, server } from '../../../test/render';
import { ScorePanel, scoredHistory } from './ScorePanel';

vi.mock('../../../shared/chart/EChart', () => ({ EChart: () => null }));

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

describe('the score reasons of the lead drawer', () => {
  const panel = async (points: number[]) => {
    const score: LeadScore = {
      score: 100,
      value: 183.3,
      computedAt: null,
      reasons: points.map((p, i) => ({ code: 'call', text: `理由 ${i + 1}`, points: p })),
      history: [],
    };
    server.use(http.get('/api/cus/leads/Score', () => HttpResponse.json(score)));
    renderView(<ScorePanel id={7} />);
    const reasons = await screen.findByTestId('score-reasons');
    return within(reasons)
      .getAllByText(/^占 \d+%$/)
      .map((el) => Number(/\d+/.exec(el.textContent ?? '')?.[0]));
  };

  it('shows shares that add up to 100 %, the largest remainders rounded up (each rounded alone made 101 %)', async () => {
    // Exact shares 65.6, 12.3, 8.7, 6.7, 6.7: each rounded alone, 66 + 12 + 9 + 7 + 7 = 101.
    const shares = await panel([65.6, 12.3, 8.7, 6.7, 6.7]);
    expect(shares).toEqual([65, 12, 9, 7, 7]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('keeps 100 % with decayed raw points (183.3 of a score of 100)', async () => {
    // 50 % and three of 16.7 %: rounded alone, 50 + 17 + 17 + 17 = 101.
    expect(await panel([183.3, 61.1, 61.1, 61.1])).toEqual([50, 17, 17, 16]);
  });

  it('gives three equal reasons 34 + 33 + 33 (the first listed takes the point left)', async () => {
    expect(await panel([5, 5, 5])).toEqual([34, 33, 33]);
  });
});

import { describe, expect, it } from 'vitest';
import { shownDay } from './pages.js';

describe('a share page says the day a piece was made', () => {
  it('in China time, as the console shows it', () => {
    // 04:25 in Beijing on 12-04 is 20:25 UTC on 12-03: the UTC string's date said 12-03.
    expect(shownDay('2026-12-03T20:25:00.000Z')).toBe('2026-12-04');
    expect(shownDay('2026-12-04T03:00:00.000Z')).toBe('2026-12-04');
    expect(shownDay('2026-12-04T16:00:00.000Z')).toBe('2026-12-05');
  });
});

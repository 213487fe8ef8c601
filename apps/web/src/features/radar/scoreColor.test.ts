import { describe, expect, it } from 'vitest';
import { cursorFor, scoreStep } from './scoreColor';

describe('lead score colours', () => {
  it('steps from cold to hot, clamping to 0–100', () => {
    expect(scoreStep(-5).level).toBe('cold');
    expect(scoreStep(19.4).level).toBe('cold');
    expect(scoreStep(19.5).level).toBe('mild');
    expect(scoreStep(50).level).toBe('warm');
    expect(scoreStep(80).color).toBe('#cf1322');
    expect(scoreStep(250).level).toBe('hot');
  });

  it('starts page 1 without a cursor and later pages with the one known', () => {
    const m = new Map([[2, '12.5~7']]);
    expect(cursorFor(m, 1)).toBeUndefined();
    expect(cursorFor(m, 2)).toBe('12.5~7');
    expect(cursorFor(m, 3)).toBeUndefined();
  });
});

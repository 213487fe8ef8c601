import { describe, expect, it } from 'vitest';
import { uptimeParts } from './monitorFormat';

describe('uptimeParts', () => {
  it('splits seconds into days, hours and minutes', () => {
    expect(uptimeParts(0)).toEqual({ d: 0, h: 0, m: 0 });
    expect(uptimeParts(59)).toEqual({ d: 0, h: 0, m: 0 });
    expect(uptimeParts(90_061)).toEqual({ d: 1, h: 1, m: 1 });
  });
});

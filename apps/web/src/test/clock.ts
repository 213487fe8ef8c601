import { afterAll, beforeAll, vi } from 'vitest';

/**
 * The browser's clock at `iso` for a test file (its Date only: timers still run). The tests' zone is UTC
 * (vite.config.ts), eight hours west of China: from 16:00 UTC the browser's day is China's yesterday.
 */
export function browserClockAt(iso: string) {
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(iso));
  });
  afterAll(() => {
    vi.useRealTimers();
  });
}

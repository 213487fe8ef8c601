import { describe, expect, it } from 'vitest';
import { appForFile } from '../../test/app.js';
import { SharedRateLimiter } from './shared-rate-limit.js';

const { t } = await appForFile([]);

describe('SharedRateLimiter (rate-limit windows in the database)', () => {
  it('counts the hits of two server copies against one limit, and the window ends', async () => {
    let now = Date.now();
    // Two limiters on one database stand for two server copies.
    const a = new SharedRateLimiter(t.app.db, () => now);
    const b = new SharedRateLimiter(t.app.db, () => now);
    expect(await a.hit('k:1', 3, 60_000)).toBe(true);
    expect(await b.hit('k:1', 3, 60_000)).toBe(true);
    expect(await a.hit('k:1', 3, 60_000)).toBe(true);
    expect(await b.hit('k:1', 3, 60_000)).toBe(false);
    expect(await a.hit('k:1', 3, 60_000)).toBe(false);
    expect(await a.retryAfter('k:1')).toBe(60);
    // Another key is counted apart.
    expect(await a.hit('k:2', 3, 60_000)).toBe(true);

    now += 60_000;
    expect(await b.retryAfter('k:1')).toBe(0);
    expect(await b.hit('k:1', 3, 60_000)).toBe(true);
    expect(await a.hit('k:1', 3, 60_000)).toBe(true);
  });

  it('forgets a key on reset, in every copy', async () => {
    const a = new SharedRateLimiter(t.app.db);
    const b = new SharedRateLimiter(t.app.db);
    await a.hit('k:r', 1, 60_000);
    expect(await b.hit('k:r', 1, 60_000)).toBe(false);
    await b.reset('k:r');
    expect(await a.hit('k:r', 1, 60_000)).toBe(true);
  });

  it('gives one hit back on release, in every copy, never below none', async () => {
    const a = new SharedRateLimiter(t.app.db);
    const b = new SharedRateLimiter(t.app.db);
    expect(await a.hit('k:g', 2, 60_000)).toBe(true);
    expect(await a.hit('k:g', 2, 60_000)).toBe(true);
    await b.release('k:g');
    expect(await b.hit('k:g', 2, 60_000)).toBe(true);
    expect(await a.hit('k:g', 2, 60_000)).toBe(false);
    await a.release('k:none');
    expect(await a.hit('k:none', 1, 60_000)).toBe(true);
  });

  it('counts concurrent hits exactly', async () => {
    const copies = [0, 1, 2, 3].map(() => new SharedRateLimiter(t.app.db));
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => copies[i % 4].hit('k:c', 25, 60_000)));
    expect(answers.filter(Boolean)).toHaveLength(25);
  });
});

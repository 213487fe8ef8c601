import { describe, expect, it } from 'vitest';
import { CompanyVersions } from './company-versions.js';
import { ReplyCache } from './reply-cache.js';

describe('ReplyCache: serialised answers per caller', () => {
  it('sends an answer again until what it depends on changes or the time limit passes', () => {
    let now = 0;
    const versions = new CompanyVersions();
    const cache = new ReplyCache(versions, 5_000, 1024 * 1024, () => now);
    cache.set('a', cache.version(1, 'data'), '{"n":1}');
    cache.set('f', cache.version(1, 'console'), '{"files":1}');
    expect(cache.get(1, 'data', 'a')?.toString()).toBe('{"n":1}');
    // A stored visitor event: data answers are stale, console-only answers are not.
    versions.bump(1, 'events');
    expect(cache.get(1, 'data', 'a')).toBeUndefined();
    expect(cache.get(1, 'console', 'f')?.toString()).toBe('{"files":1}');
    versions.bump(1, 'console');
    expect(cache.get(1, 'console', 'f')).toBeUndefined();
    // An answer computed under an older version is never sent.
    const before = cache.version(1, 'data');
    versions.bump(1, 'events');
    cache.set('b', before, '{"n":2}');
    expect(cache.get(1, 'data', 'b')).toBeUndefined();
    cache.set('c', cache.version(1, 'data'), '{"n":3}');
    now = 5_001;
    expect(cache.get(1, 'data', 'c')).toBeUndefined();
  });

  it('keeps within its byte budget, oldest out first; 0 ms keeps nothing', () => {
    const versions = new CompanyVersions();
    const cache = new ReplyCache(versions, 5_000, 4 * 1000);
    for (let i = 0; i < 10; i++) cache.set(`k${i}`, 0, 'x'.repeat(500));
    expect(cache.get(1, 'data', 'k0')).toBeUndefined();
    expect(cache.get(1, 'data', 'k9')?.toString()).toBe('x'.repeat(500));
    const off = new ReplyCache(versions, 0);
    off.set('k', 0, '{}');
    expect(off.enabled).toBe(false);
    expect(off.get(1, 'data', 'k')).toBeUndefined();
  });
});

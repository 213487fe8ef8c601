import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testShare, viewOf } from '../../../test/tracking.js';
import { Ingest } from './ingest.js';

/** An ingest over a stand-in database: each flush is one call whose answer the test releases. */
function harness(fail: (keys: string[]) => boolean = () => false) {
  const calls: { keys: string[]; release: () => void }[] = [];
  let called: () => void = () => {};
  const query = (_sql: string, params: unknown[]) => {
    // The statement's visitors: their keys (numbered from 1 in SQL), each answered with an id.
    const keys = params[7] as string[];
    return new Promise((resolve, reject) => {
      const release = () =>
        fail(keys)
          ? reject(new Error('bad event'))
          : resolve({ rows: keys.map((_key, i) => ({ m: 0, a: i + 1, b: 1000 + i, t: null })) });
      calls.push({ keys, release });
      called();
    });
  };
  const app = {
    db: {},
    database: { kind: 'pglite', pglite: { query } },
    log: { warn() {}, error() {} },
    companyVersions: { bump() {} },
    live: { message() {}, visitor() {} },
  } as unknown as FastifyInstance;
  const nextCall = (n: number) =>
    new Promise<void>((resolve) => {
      called = () => calls.length >= n && resolve();
      called();
    });
  return { ingest: new Ingest(app, 1), calls, nextCall };
}

const event = (visitorKey: string) =>
  viewOf(testShare({ code: 'c', companyId: 1, sharerId: 2, contentId: 1, title: 't' }), visitorKey, new Date());

const macrotask = () => new Promise((r) => setImmediate(r));

describe('Ingest batching', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lets events that arrive while a batch is stored gather for their window instead of storing them at once', async () => {
    // The lane's clock stands still: however slow this machine, v2 has waited nothing of its window.
    vi.spyOn(performance, 'now').mockReturnValue(1_000);
    const { ingest, calls, nextCall } = harness();
    const first = ingest.record(event('v1'));
    await nextCall(1);
    const second = ingest.record(event('v2'));
    calls[0].release();
    await first;
    await macrotask();
    // The lane waits for v2's window: v3, arriving now, joins v2's batch.
    expect(calls).toHaveLength(1);
    const third = ingest.record(event('v3'));
    await nextCall(2);
    expect(calls[1].keys).toEqual(['v2', 'v3']);
    calls[1].release();
    await Promise.all([second, third]);
  });

  it('stores everything at once when drained', async () => {
    const { ingest, calls, nextCall } = harness();
    const first = ingest.record(event('v1'));
    await nextCall(1);
    const second = ingest.record(event('v2'));
    const drained = ingest.drain();
    calls[0].release();
    await nextCall(2);
    calls[1].release();
    await Promise.all([first, second, drained]);
    expect(ingest.backlog).toBe(0);
  });

  it('halves a failed batch until the bad event is alone: one rejection, few statements', async () => {
    const { ingest, calls } = harness((keys) => keys.includes('bad'));
    const keys = Array.from({ length: 64 }, (_, i) => (i === 37 ? 'bad' : `v${i}`));
    const results = Promise.allSettled(keys.map((k) => ingest.record(event(k))));
    // Release every call as it comes.
    let released = 0;
    const pump = setInterval(() => {
      while (released < calls.length) calls[released++].release();
    }, 1);
    const settled = await results;
    clearInterval(pump);
    expect(settled.filter((r) => r.status === 'rejected')).toHaveLength(1);
    expect((settled[37] as PromiseRejectedResult).reason.message).toBe('bad event');
    expect(calls.length).toBeLessThanOrEqual(1 + 2 * 6);
  });
});

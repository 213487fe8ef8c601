import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../app.js';

/** Every call of SPEC §7 (copied from /work/shared/spec-calls.tsv) is a registered route that never 404s nor 500s. */
interface SpecCall {
  method: string;
  path: string;
  area: string;
  base: string;
}

const calls: SpecCall[] = readFileSync(new URL('./spec-calls.tsv', import.meta.url), 'utf8')
  .split('\n')
  .slice(1)
  .filter((l) => l.trim())
  .map((l) => {
    const [method, path, area, base] = l.split('\t').map((s) => s.trim());
    return { method, path, area, base };
  });

/** The Fastify route pattern of a SPEC call: `{x}` → `:x` under `/api` or `/api/fs`. */
function routeOf(c: SpecCall): string {
  const prefix = c.base === 'fs' ? '/api/fs' : '/api';
  return prefix + c.path.replace(/\{(\w+)\}/g, ':$1');
}

/** A concrete URL for the call: placeholder params get a plausible value. */
function urlOf(c: SpecCall): string {
  const prefix = c.base === 'fs' ? '/api/fs' : '/api';
  return prefix + c.path.replace(/\{(\w+)\}/g, (_m, name: string) => (name === 'hash' ? 'abc' : '1'));
}

let registered: Set<string>;

const {
  t,
  tokens: [admin],
} = await appForFile(['admin']);

beforeAll(async () => {
  registered = new Set(t.app.routeList.map((r) => `${r.method} ${r.url.toLowerCase()}`));
});

describe('SPEC calls', () => {
  it('reads every row of spec-calls.tsv', () => {
    expect(calls.length).toBeGreaterThan(100);
    for (const c of calls) {
      expect(['GET', 'POST', 'PUT', 'DELETE']).toContain(c.method);
      expect(['api', 'fs']).toContain(c.base);
    }
  });

  it('registers every call at its method and path', () => {
    const missing = calls.filter(
      (c) =>
        !registered.has(`${c.method} ${routeOf(c).toLowerCase()}`) &&
        !t.app.hasRoute({ method: c.method as 'GET', url: routeOf(c) }),
    );
    expect(missing.map((c) => `${c.method} ${routeOf(c)}`)).toEqual([]);
  });

  it('never answers route-not-found nor 500 to an admin with a minimal body', async () => {
    const bad: string[] = [];
    for (const c of calls) {
      // Logging out would end the admin's session for the following calls.
      if (c.method === 'DELETE' && c.path === '/usr/session') continue;
      const res = await t.call(admin, {
        method: c.method as 'GET',
        url: urlOf(c),
        ...(c.method === 'GET' || c.method === 'DELETE' ? {} : { payload: {} }),
      });
      const notFoundRoute = res.statusCode === 404 && res.body.includes(`${c.method} ${urlOf(c)} 不存在`);
      // 501 「…未配置」 is the documented answer of a call whose outside service (WeChat, the external app) is not set
      // up here, whatever the body: not a failure.
      const notConfigured = res.statusCode === 501 && /未配置$/.test(res.json().detail ?? '');
      if (notFoundRoute || (res.statusCode >= 500 && !notConfigured))
        bad.push(`${c.method} ${urlOf(c)} → ${res.statusCode} ${res.body}`);
    }
    expect(bad).toEqual([]);
  });

  it('logs out (DELETE /api/usr/session) without a 500', async () => {
    const res = await t.call(admin, { method: 'DELETE', url: '/api/usr/session' });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.statusCode).not.toBe(404);
  });
});

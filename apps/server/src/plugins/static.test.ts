import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { staticPlugin } from './static.js';

/** A built console: index.html naming its one hashed script, and that script. */
function build(root: string, hash: string) {
  rmSync(join(root, 'assets'), { recursive: true, force: true });
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'assets', `index-${hash}.js`), `console.log('${hash}')`);
  writeFileSync(join(root, 'assets', `index-${hash}.js.gz`), gzipSync(`console.log('${hash}')`));
  writeFileSync(
    join(root, 'index.html'),
    `<!doctype html><html lang="zh-CN"><head><title>获客通</title><script type="module" src="/assets/index-${hash}.js"></script></head><body><div id="root"></div></body></html>`,
  );
}

const root = mkdtempSync(join(tmpdir(), 'huoke-web-'));
build(root, 'AAAA1111');
const app: FastifyInstance = Fastify();
app.decorate('config', { APP_NAME: '获客通' } as FastifyInstance['config']);
await app.register(staticPlugin, { root });
await app.ready();
afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the console rebuilt behind a running server', () => {
  // The server kept the index.html it read at start, naming scripts the rebuild had removed, and knew only the
  // asset files present at start: the console stayed a blank page until the server restarted.
  it('serves the new index.html within a second or so, and the new hashed assets it names', async () => {
    const before = await app.inject({ url: '/workbench' });
    expect(before.body).toContain('/assets/index-AAAA1111.js');
    expect((await app.inject({ url: '/assets/index-AAAA1111.js' })).statusCode).toBe(200);

    build(root, 'BBBB2222');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const after = await app.inject({ url: '/workbench' });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('/assets/index-BBBB2222.js');
    expect(after.body).toContain('csp-nonce');
    const gz = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('/assets/index-BBBB2222.js');

    const script = await app.inject({ url: '/assets/index-BBBB2222.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe("console.log('BBBB2222')");
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const zipped = await app.inject({ url: '/assets/index-BBBB2222.js', headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe("console.log('BBBB2222')");
    expect((await app.inject({ url: '/assets/index-AAAA1111.js' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/assets/..%2Findex.html' })).statusCode).toBe(404);
  });
});

describe('the console page asked for by its file name', () => {
  // @fastify/static routed index.html as a file: /index.html came raw, without the console's Content-Security-Policy
  // (so it could be framed and ran without one), its nonce or the configured product name.
  it('answers /index.html as the console route answers /', async () => {
    const root = await app.inject({ url: '/' });
    for (const url of ['/index.html', '/index.html?x=1']) {
      const page = await app.inject({ url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      const withoutNonce = (csp: unknown) => String(csp).replace(/'nonce-[^']+'/, "'nonce'");
      expect(withoutNonce(page.headers['content-security-policy'])).toBe(
        withoutNonce(root.headers['content-security-policy']),
      );
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain('csp-nonce');
    }
  });
});

import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { consolePage } from './console-page.js';
import { consoleCsp } from './security-headers.js';

function webDistFolder(): string | null {
  const here = fileURLToPath(new URL('.', import.meta.url));
  for (const rel of ['../../../web/dist', '../../web/dist']) {
    const dir = join(here, rel);
    if (existsSync(join(dir, 'index.html'))) return dir;
  }
  return null;
}

/** A built asset's file name: letters, digits, `-`, `_` and dots, never a folder. */
const HASHED_ASSET = /^[\w-]+(\.[\w-]+)+$/;

const NOT_CONSOLE = /^\/(api|s|t|files|healthz|readyz)(\/|$)/;

/** Serves the built console; any other GET that is not an API or share path gets index.html. */
export const staticPlugin = fp(async (app: FastifyInstance, opts: { root?: string }) => {
  const root = opts.root ?? webDistFolder();
  if (!root) {
    app.log.warn('apps/web/dist not found: the console is not served (run npm run build)');
    return;
  }
  const assets = join(root, 'assets') + sep;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // The console page is answered only by the route below (its Content-Security-Policy, nonce and product name):
    // routed as a file, /index.html came raw and could be framed. Any other page at the top falls to that route too.
    globIgnore: ['*.html', '*.html.*'],
    // The web build writes .br and .gz beside each asset; browsers that accept them get those.
    preCompressed: true,
    // The Cache-Control below is the only one: left on, @fastify/static writes its own `public, max-age=0` over
    // what setHeaders set, and every console page load asked again for each of its hundred-odd files (answered 304).
    cacheControl: false,
    setHeaders(res, path) {
      // Hashed assets never change; index.html must always be fresh.
      res.setHeader('cache-control', path.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // The page title and the start screen carry the configured product name (the built file says 获客通). The page
  // holds the login form's stylesheet inline (about 110 KB, 17 KB compressed). Read again when rebuilt.
  const name = app.config.APP_NAME.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const page = consolePage(join(root, 'index.html'), name);
  app.get('/*', { schema: { hide: true } }, (req, reply) => {
    const path = req.url.split('?')[0];
    if (NOT_CONSOLE.test(path)) return reply.callNotFound();
    // The asset files were routed one by one at start: one a rebuild added is sent from the folder (its
    // precompressed forms and year-long caching as the others). A name only, no folder: nothing outside assets/.
    if (path.startsWith('/assets/')) {
      const file = path.slice('/assets/'.length);
      return HASHED_ASSET.test(file) && existsSync(assets + file)
        ? reply.sendFile(`assets/${file}`)
        : reply.callNotFound();
    }
    const { body: headOf, rest, inlineHashes } = page();
    const nonce = randomBytes(16).toString('base64');
    const tail = `<meta name="csp-nonce" content="${nonce}">\n  ${rest}`;
    const lang = /(?:^|;\s*)language=en(?:;|$)/i.test(String(req.headers.cookie ?? '')) ? 'en' : 'zh';
    const { encoding, body } = headOf(lang, String(req.headers['accept-encoding'] ?? ''), tail);
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding, cookie')
      .header('content-security-policy', consoleCsp(inlineHashes, nonce))
      .type('text/html; charset=utf-8')
      .send(body);
  });
});

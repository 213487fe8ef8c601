/// <reference types="vitest/config" />
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, parseAst } from 'vite';
import { antdPrebuilt } from './build/antd-prebuilt.ts';
import { bootAfterPaint } from './build/boot-after-paint.ts';
import { compressAssets } from './build/compress-assets.ts';

/**
 * The console imports constants and types from @huoke/contracts, whose zod schemas are for the server.
 * Marking the top-level schema builders pure lets unused schemas — and zod with them — drop out of the
 * console bundle (the login route's budget is 300 KB gzip; scripts/measure-login-bundle.mjs).
 */
function pureContracts(): Plugin {
  const CONTRACTS = /packages[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/;
  // `const x = <identifier>(…` or `const x = <identifier>.…` (a call chain), not literals or arrow functions.
  const TOP_LEVEL_CALL = /^((?:export )?const [\w$]+(?:: [^=\n]+)? = )(?=[A-Za-z_$][\w$]*\s*(?:[(.<]|\n))/gm;
  return {
    name: 'huoke-pure-contracts',
    enforce: 'pre',
    transform(code, id) {
      if (!CONTRACTS.test(id)) return null;
      return { code: code.replace(TOP_LEVEL_CALL, '$1/* @__PURE__ */ '), map: null };
    },
  };
}

/**
 * The console's calls read a route object's method and path only (shared/call.ts): the contract schemas it carries
 * type the call. In the console's code each route declaration (`GET(path, { query, answer })`, contracts/src/route.ts)
 * keeps its path, and an import the routes then no longer use goes: the schemas' modules (and zod, where nothing
 * else needs it) stay out of the pages that only call the API. The server, which validates with them, reads the
 * contracts untouched.
 */
function routesWithoutSchemas(): Plugin {
  const ROUTES = /packages[\\/]contracts[\\/]src[\\/]routes[\\/][^\\/]+\.ts$/;
  const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE']);
  type Node = { type: string; start: number; end: number; [k: string]: unknown };
  const children = (n: Node) =>
    Object.entries(n).flatMap(([k, v]) => (k === 'type' || !v || typeof v !== 'object' ? [] : [v].flat())) as Node[];
  return {
    name: 'huoke-routes-without-schemas',
    enforce: 'pre',
    transform(code, id) {
      if (!ROUTES.test(id)) return null;
      const program = parseAst(code, { lang: 'ts' }, id) as unknown as Node;
      const cuts: [number, number][] = [];
      const used = new Set<string>();
      let declarations = 0;
      const walk = (n: Node) => {
        if (n.type === 'ImportDeclaration') return;
        const callee = n.callee as Node | undefined;
        const args = n.arguments as Node[] | undefined;
        if (n.type === 'CallExpression' && callee?.type === 'Identifier' && METHODS.has(callee.name as string)) {
          declarations++;
          if (args?.length === 2) cuts.push([args[0].end, args[1].end]);
          walk(callee);
          if (args?.[0]) walk(args[0]);
          return;
        }
        if (n.type === 'Identifier') used.add(n.name as string);
        // A property's name (`{ publicConfig: GET(…) }`, `a.b`) is no use of a binding of that name.
        const name =
          (n.type === 'Property' && !n.computed && n.key) ||
          (n.type === 'MemberExpression' && !n.computed && n.property);
        for (const c of children(n)) if (typeof c?.type === 'string' && c !== name) walk(c);
      };
      walk(program);
      // A file of routes declared another way would keep its schemas unnoticed.
      if (!declarations) throw new Error(`${id}: no route declared by GET, POST, PUT or DELETE`);
      // An import none of whose names is left, from the end of the file backwards so the offsets hold.
      for (const decl of program.body as Node[]) {
        if (decl.type !== 'ImportDeclaration') continue;
        const names = (decl.specifiers as Node[]).map((s) => (s.local as Node).name as string);
        if (names.length && !names.some((n) => used.has(n))) cuts.push([decl.start, decl.end]);
      }
      let out = code;
      for (const [from, to] of cuts.sort((a, b) => b[0] - a[0])) out = out.slice(0, from) + out.slice(to);
      return { code: out, map: null };
    },
  };
}

/** The `antd/es/…` modules the console's source imports by path (LoginPage's form, the list columns' table, …). */
function antdEntriesImported(): string[] {
  const src = fileURLToPath(new URL('./src', import.meta.url));
  const found = new Set<string>();
  for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file)) continue;
    for (const m of readFileSync(join(src, file), 'utf8').matchAll(/from '(antd\/es\/[\w-]+)'/g)) found.add(m[1]);
  }
  return [...found].sort();
}

/**
 * The component files that share modules between them (a worker evaluates antd and the app's modules once, not once
 * per file): those on happy-dom that neither mock modules nor stub globals, environment variables or timers. Each
 * file starts on a clean page all the same (src/test/between-files.ts). The others each get a module graph of their
 * own, as by default: jsdom's, whose files read its style cache and media queries, and those that replace modules or
 * globals for their tests.
 */
function filesSharingModules(): string[] {
  const src = fileURLToPath(new URL('./src', import.meta.url));
  const shares = (text: string) =>
    text.startsWith('// @vitest-environment happy-dom') &&
    !/\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(/.test(text);
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file) && shares(readFileSync(join(src, file), 'utf8')))
    .map((file) => `src/${file.split('\\').join('/')}`)
    .sort();
}

/**
 * The unit tests run in UTC whatever the machine's zone (set before the test workers start: a worker thread keeps the
 * process's zone), so a test of a browser outside China time (UTC is eight hours west of it) says the same on every
 * machine.
 */
if (process.env.VITEST) process.env.TZ = 'UTC';

/** Work only the unit tests need: a build or the dev server does not read the source tree for it. */
const testOnly = (f: () => string[]) => (process.env.VITEST ? f() : []);

export default defineConfig({
  plugins: [pureContracts(), routesWithoutSchemas(), antdPrebuilt(), react(), bootAfterPaint(), compressAssets()],
  test: {
    // Vitest's default ran these files one at a time on a two-core machine (192 s); two side by side take 122 s.
    maxWorkers: 2,
    // Worker threads, not processes: the same files took about 10 % less CPU (150–175 CPU-s against 165–182).
    pool: 'threads',
    /**
     * Each file names its DOM in its first line. happy-dom for most: jsdom took 0.8 s to set up per file (77–81 s of
     * the suite's 127 files) and was slower at the tests' DOM work; with happy-dom the suite took 400–479 CPU-s
     * against 495–532 in two runs in turns (210–251 s against 259–279 s on two cores). jsdom for the seven files
     * that read what a browser computes and happy-dom does not the same way: CSS colours as rgb() (LoginPage), the
     * media queries of a phone's width (RadarPage, MessageDrawer, MaterialPicker), a contenteditable's lines
     * (PublishDialog), location.assign (ExternalAppView), and jsdom's own style cache (test/dom.test.ts).
     * Files without a DOM run in node (the default, named here).
     */
    environment: 'node',
    /**
     * Most component files share modules (`shared`, filesSharingModules above): each worker evaluates antd, the
     * locales and the app's modules once instead of once per file, and sets its DOM up once. Each file still starts on
     * a clean page, stores, storage, address and language (test/between-files.ts), with its hooks registered by
     * test/setup.ts. The whole suite in turns on two cores, 2026-12-08: 172 s (327 CPU-s) against 313 s (599 CPU-s)
     * with every file in a graph of its own, 436 and 435 tests passing. In three shuffled orders of the files (and of
     * the tests in each) every file sharing modules passed; the one failure was the test of the first screen's
     * catalogs (app/catalogs.test.tsx, a graph of its own), which must run before its file loads the rest.
     */
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: testOnly(filesSharingModules),
          isolate: false,
          // Each file's clean page and hooks (a module's own would be registered for a worker's first file only).
          setupFiles: ['./src/test/setup.ts'],
          provide: { sharesModules: true },
        },
      },
      { extends: true, test: { name: 'own', exclude: ['**/node_modules/**', ...testOnly(filesSharingModules)] } },
    ],
    /**
     * antd as one pre-bundled module (as the dev server serves it) rather than its hundreds of files read one by one
     * by every test file: with the threads above, 86 s → 73–79 s in fresh-clone runs back to back on two cores. The
     * `antd/es/…` entries the console imports directly go in the same bundle (a missing one would load a second copy
     * of antd's contexts). @ant-design/icons stays out: pre-bundled, some icons came out undefined.
     */
    deps: {
      optimizer: {
        client: {
          enabled: true,
          include: ['antd', ...testOnly(antdEntriesImported), 'antd/locale/zh_CN', 'antd/locale/en_US', 'dayjs'],
        },
      },
    },
    /**
     * One error is not the console's: React's scheduler running a last passive-effects flush (setImmediate) after a
     * test file's jsdom window was torn down, where it reads `window.event` (seen on fresh-clone runs in a different
     * component test each time, every test passing; waiting longer in afterAll did not prevent it). Only that error,
     * from that place, is ignored; any other unhandled error still fails the run.
     */
    onUnhandledError(error) {
      const late =
        error.name === 'ReferenceError' &&
        error.message === 'window is not defined' &&
        /performWorkUntilDeadline/.test(error.stack ?? '');
      return late ? false : undefined;
    },
  },
  server: {
    port: 5173,
    // '^/s/' (a pattern): a plain '/s' prefix would also send the dev server's own /src/… modules to the API.
    proxy: { '/api': 'http://localhost:3000', '^/s/': 'http://localhost:3000', '/files': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
    // scripts/measure-login-bundle.mjs reads the manifest to find what /login loads.
    manifest: true,
    // A lazy view's stylesheet must be in before it renders, so it is still loaded with it; its scripts are found by
    // the browser's own module loader. Preloading them through <link rel="modulepreload"> elements cost the main
    // thread a few milliseconds per element (tens at once for the first view), the longest task of the start-up.
    modulePreload: { resolveDependencies: (_file, deps) => deps.filter((dep) => dep.endsWith('.css')) },
    rolldownOptions: {
      // Calls on zod's `z` (and the chains they start) are pure too.
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
});

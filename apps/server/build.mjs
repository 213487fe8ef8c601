// Bundles the server (and the workspace contracts) into dist/main.js; npm packages stay external.

import { copyFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** `@huoke/contracts` and its subpaths (`@huoke/contracts/routes/cost`) as the package's exports map says: src/…ts. */
const contracts = {
  name: 'contracts',
  setup(b) {
    b.onResolve({ filter: /^@huoke\/contracts(\/.*)?$/ }, (args) => {
      const sub = args.path.slice('@huoke/contracts'.length) || '/index';
      return { path: fileURLToPath(new URL(`../../packages/contracts/src${sub}.ts`, import.meta.url)) };
    });
  },
};

await build({
  entryPoints: ['src/main.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  plugins: [contracts],
  sourcemap: true,
  logLevel: 'warning',
});

// PGlite's thread (src/db/pglite-thread.ts) loads its script from beside the module that starts it: plain JavaScript,
// copied as it is.
await copyFile('src/db/pglite-worker.mjs', 'dist/pglite-worker.mjs');

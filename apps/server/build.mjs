// Bundles the server (and the workspace contracts) into dist/main.js; npm packages stay external.

import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  alias: { '@huoke/contracts': fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url)) },
  sourcemap: true,
  logLevel: 'warning',
});

#!/usr/bin/env node
// Measures the JavaScript the /login route needs before it is interactive: the entry chunk of
// apps/web/dist/index.html, the login route module, and every chunk they import statically
// (vendor included), each gzipped (level 9) and summed. Needs `npm run build` first.
// Usage: node scripts/measure-login-bundle.mjs [--json]
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 300;
const LOGIN_MODULE = 'src/features/session/pages/LoginPage.tsx';
const dist = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error('apps/web/dist/.vite/manifest.json is missing: run `npm run build` first');
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const html = readFileSync(join(dist, 'index.html'), 'utf8');

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imp of chunk.imports ?? []) visit(imp);
};
// Every script index.html loads: its boot loader (assets/boot-*.js) names the entry and the boot's preloads.
for (const m of html.matchAll(/"\/?(assets\/[^"]+\.js)"/g)) {
  files.add(m[1]);
  if (/^assets\/boot-/.test(m[1]))
    for (const n of readFileSync(join(dist, m[1]), 'utf8').matchAll(/"\/?(assets\/[^"]+\.js)"/g)) files.add(n[1]);
}
for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
if (!manifest[LOGIN_MODULE]) {
  console.error(`${LOGIN_MODULE} is not a chunk of the build`);
  process.exit(2);
}
visit(LOGIN_MODULE);

const rows = [...files].map((f) => {
  const buf = readFileSync(join(dist, f));
  return { file: f, raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
});
rows.sort((a, b) => b.gzip - a.gzip);
const total = rows.reduce((n, r) => n + r.gzip, 0);
const kb = (n) => (n / 1024).toFixed(1);
if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ totalGzipKB: Number(kb(total)), budgetKB: BUDGET_KB, chunks: rows }, null, 2));
} else {
  for (const r of rows) console.log(`${kb(r.gzip).padStart(8)} KB gz  ${kb(r.raw).padStart(8)} KB  ${r.file}`);
  console.log(`${kb(total).padStart(8)} KB gzip in ${rows.length} JS chunks for /login (budget ${BUDGET_KB} KB)`);
}
process.exit(total / 1024 <= BUDGET_KB ? 0 : 1);

// npm run bench            → every part
// npm run bench -- <name>  → one part: generate, reads, writes, share, upload, console, startup, cluster, quick, mixed,
// leads, hot, scorelist, pglite-thread
// Builds nothing: run `npm run build` first. Never part of the test command.
// Environment: BENCH_SCALE (small|medium|large, default small), BENCH_DATABASE_URL or TEST_DATABASE_URL
// (adds PostgreSQL), BENCH_TARGETS (pglite,postgres), BENCH_DURATION / BENCH_WARMUP (s), BENCH_CONNECTIONS (10,50).
const PARTS = [
  'generate',
  'reads',
  'writes',
  'share',
  'upload',
  'console',
  'startup',
  'cluster',
  'quick',
  'mixed',
  'leads',
  'hot',
  'scorelist',
  'pglite-thread',
];
const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
for (const name of asked.length ? asked : PARTS) {
  if (!PARTS.includes(name)) {
    console.error(`unknown bench part "${name}"; parts: ${PARTS.join(', ')}`);
    process.exit(2);
  }
  console.log(`\n== bench ${name}`);
  const mod = await import(name === 'generate' ? './generate-part.mjs' : `./${name}.mjs`);
  await mod.run();
}
const { releaseAll } = await import('./lib/setup.mjs');
await releaseAll();

// The registry this project installs from lacks biome's binaries for other platforms, so
// `npm install` leaves them out of package-lock.json and `npm ci` then refuses the lock.
// Run this after regenerating the lock: it records those optional, platform-bound entries
// (never installed here) so the lock matches package.json everywhere.
import { readFileSync, writeFileSync } from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const biome = lock.packages['node_modules/@biomejs/biome'];
let added = 0;
for (const [name, version] of Object.entries(biome.optionalDependencies ?? {})) {
  const key = `node_modules/${name}`;
  if (lock.packages[key]) continue;
  const [, os, cpu] = /cli-(\w+)-(\w+)/.exec(name) ?? [];
  lock.packages[key] = {
    version,
    cpu: [cpu],
    dev: true,
    license: biome.license,
    optional: true,
    os: [os],
    engines: biome.engines,
  };
  added++;
}
const sorted = {};
for (const key of Object.keys(lock.packages).sort()) sorted[key] = lock.packages[key];
lock.packages = sorted;
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: ${added} entries added`);

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

/** Test files that replace a module with `vi.mock`: they need a module registry of their own. */
const mocking = ['src/lib/sms-codes.test.ts'];

/**
 * The files whose outcome depends on the database the tests run on: those that build a test app (test/app.ts, on
 * PGlite or on TEST_DATABASE_URL) or read TEST_DATABASE_URL themselves. The second run of the suite
 * (scripts/test.sh: TEST_DATABASE_ONLY=1 with TEST_DATABASE_URL) takes only these: the rest (pure units, the PGlite
 * server processes of main.test.ts, the source audits) would repeat the first run's work on the same code, about a
 * third of that run's time.
 */
function databaseFiles(): string[] {
  const testApp = join(import.meta.dirname, 'test/app.js');
  const uses = (file: string) => {
    const text = readFileSync(join(import.meta.dirname, file), 'utf8');
    if (text.includes('process.env.TEST_DATABASE_URL')) return true;
    // A value import (not `import type`) of test/app.ts.
    return [...text.matchAll(/^import \{[^}]*\} from '(\.[^']+)'/gm)].some(
      ([, from]) => resolve(dirname(join(import.meta.dirname, file)), from) === testApp,
    );
  };
  return ['src', 'test'].flatMap((dir) =>
    readdirSync(join(import.meta.dirname, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => `${dir}/${f}`)
      .filter(uses),
  );
}
const only = process.env.TEST_DATABASE_ONLY === '1' ? databaseFiles() : undefined;

export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Worker threads, not processes, as the web suite: back to back on PGlite 128 s against 133 (4 % less CPU); in
    // whole fresh-clone runs the difference stayed within the machine's noise. Each file builds its own app and
    // database.
    pool: 'threads',
    // Vitest's default leaves one of two cores idle; each file has its own database, so two run side by side.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: only ?? ['src/**/*.test.ts', 'test/audit/**/*.test.ts'],
          exclude: mocking,
          // Files in one worker share its loaded modules (the server's and its packages' import takes 2–3 s a
          // file otherwise); each file still builds its own app on its own database. Module state that could
          // carry from file to file is forbidden in source by test/audit/structure.test.ts.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: only ? mocking.filter((f) => only.includes(f)) : mocking } },
    ],
  },
});

import { defineConfig } from 'vitest/config';

/** Test files that replace a module with `vi.mock`: they need a module registry of their own. */
const mocking = ['src/lib/sms-codes.test.ts'];

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
          include: ['src/**/*.test.ts', 'test/audit/**/*.test.ts'],
          exclude: mocking,
          // Files in one worker share its loaded modules (the server's and its packages' import takes 2–3 s a
          // file otherwise); each file still builds its own app on its own database. Module state that could
          // carry from file to file is forbidden in source by test/audit/structure.test.ts.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: mocking } },
    ],
  },
});

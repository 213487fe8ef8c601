import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['journeys/**/*.test.ts'],
    globalSetup: ['lib/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Each journey starts its own server and browser; two at a time fits two cores.
    maxWorkers: 2,
    fileParallelism: true,
  },
});

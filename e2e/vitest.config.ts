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
    // A journey's expect.poll waits for the page as Playwright's own expect does (5 s there): the default 1 s was
    // shorter than a route chunk's load on a loaded machine (the operator's click on 运营审核 left /home only after
    // it, CI-like run of 2026-12-02 at load average 10). A value that never comes still fails.
    expect: { poll: { timeout: 10_000 } },
  },
});

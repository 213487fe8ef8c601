import type { Config } from '../config.js';

/** Now, or LEAD_TEST_CLOCK when set (tests and demos: the daily brief and the workbench take it as now). */
export const serverNow = (config: Pick<Config, 'LEAD_TEST_CLOCK'> | undefined): Date =>
  config?.LEAD_TEST_CLOCK ? new Date(config.LEAD_TEST_CLOCK) : new Date();

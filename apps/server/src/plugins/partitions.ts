import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { maintainPartitions } from '../db/partitions.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Monthly partitions of the event tables (db/partitions.ts): made ready before the server answers, then checked
 * daily (coming months created, months past RETENTION_MONTHS dropped). Every copy runs it; they take turns.
 */
export const partitionsPlugin = fp(async (app: FastifyInstance) => {
  const run = () =>
    maintainPartitions(app.db, { retentionMonths: app.config.RETENTION_MONTHS })
      .then((r) => {
        if (r.created.length || r.dropped.length) app.log.info(r, 'event partitions maintained');
      })
      // The DEFAULT partition takes events of a month without its own partition: a failed run refuses nothing.
      .catch((err) => app.log.warn({ err }, 'event partition maintenance failed'));
  app.addHook('onReady', run);
  const timer = setInterval(run, DAY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
});

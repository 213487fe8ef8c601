import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { maintainPartitions } from '../db/partitions.js';
import { autovacuumOff, pgliteSession, pooledVacuumStep, vacuumStep } from '../db/vacuum-step.js';
import { sweepWindows } from '../modules/radar/index.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The server's periodic maintenance, on every copy (they take turns through advisory locks):
 * - monthly partitions of the event tables (db/partitions.ts): made ready before the server answers, then checked
 *   daily (coming months created, months past RETENTION_MONTHS dropped);
 * - the radar's throttle and hot-moment rows past their window (modules/radar/sweep.ts): at start, then hourly;
 * - where nothing else vacuums (PGlite, which has no autovacuum; PostgreSQL with autovacuum off), one table vacuumed
 *   or analyzed when one is due (db/vacuum-step.ts), every VACUUM_SECONDS.
 */
export const maintenancePlugin = fp(async (app: FastifyInstance) => {
  const partitions = () =>
    maintainPartitions(app.database.maintenance?.db ?? app.db, { retentionMonths: app.config.RETENTION_MONTHS })
      .then((r) => {
        if (r.created.length || r.dropped.length) app.log.info(r, 'event partitions maintained');
      })
      // The DEFAULT partition takes events of a month without its own partition: a failed run refuses nothing.
      .catch((err) => app.log.warn({ err }, 'event partition maintenance failed'));
  const sweep = () =>
    sweepWindows(app.db)
      .then((r) => {
        if (r.radar_throttle || r.lead_hot) app.log.info(r, 'radar window rows swept');
      })
      // A row left behind decides as a missing one would: a failed run only waits for the next.
      .catch((err) => app.log.warn({ err }, 'radar window sweep failed'));
  app.addHook('onReady', async () => {
    await partitions();
    await sweep();
  });
  const timers = [setInterval(partitions, DAY_MS), setInterval(sweep, HOUR_MS)];
  const vacuumEvery = app.config.VACUUM_SECONDS * 1000;
  const vacuumBy = (step: () => Promise<Awaited<ReturnType<typeof vacuumStep>>>) => {
    let running = false;
    return () => {
      if (running) return;
      running = true;
      step()
        .then((done) => {
          if (done) app.log.info(done, 'table vacuumed');
        })
        // Nothing is lost: the table is picked again at the next step.
        .catch((err) => app.log.warn({ err }, 'vacuum step failed'))
        .finally(() => {
          running = false;
        });
    };
  };
  const { pglite, pool } = app.database;
  if (pglite && vacuumEvery > 0)
    timers.push(
      setInterval(
        vacuumBy(() => vacuumStep(pgliteSession(pglite))),
        vacuumEvery,
      ),
    );
  if (pool && vacuumEvery > 0)
    app.addHook('onReady', async () => {
      if (!(await autovacuumOff(pool).catch(() => false))) return;
      app.log.warn(
        'PostgreSQL autovacuum is off: this server vacuums and analyzes the tables itself, one table a step (VACUUM_SECONDS)',
      );
      const t = setInterval(
        vacuumBy(() => pooledVacuumStep(app.database.maintenance?.pool ?? pool)),
        vacuumEvery,
      );
      t.unref();
      timers.push(t);
    });
  for (const t of timers) t.unref();
  app.addHook('onClose', async () => {
    for (const t of timers) clearInterval(t);
  });
});

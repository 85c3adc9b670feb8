/**
 * The job queue plugin: decorates `app.jobs` (runner.ts) before the modules register, so each module
 * defines its kinds (`app.jobs.define`, `app.jobs.every`) and enqueues with queue.ts `enqueueJob`
 * inside its own transactions. Polling starts once the app is ready (every kind defined) unless
 * JOB_POLL_MS is 0, and stops before the stores close (preClose), waiting up to SHUTDOWN_GRACE_MS for
 * running jobs and handing back the ones still running.
 *
 * Its own periodic job, `jobs.prune`, deletes finished jobs daily at 03:00 (REPORT_TIMEZONE): done
 * ones after 7 days, failed ones after 30 (operations read failures meanwhile in the table).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pruneJobs } from './queue.ts';
import { createJobRunner, type JobRunner } from './runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job runner of this instance (tests call `runDue`/`drain`). */
    jobs: JobRunner;
  }
}

const DAY_MS = 86_400_000;
export const KEEP_DONE_MS = 7 * DAY_MS;
export const KEEP_FAILED_MS = 30 * DAY_MS;

async function jobsPluginImpl(app: FastifyInstance) {
  const runner = createJobRunner({
    db: app.db,
    now: () => app.now(),
    log: app.log,
    pollMs: app.config.jobPollMs,
    concurrency: app.config.jobConcurrency,
  });
  runner.every('jobs.prune', { dailyAt: { hour: 3, timezone: app.config.reportTimezone } }, async () => {
    const at = app.now().getTime();
    const deleted = await pruneJobs(app.db, new Date(at - KEEP_DONE_MS), new Date(at - KEEP_FAILED_MS));
    if (deleted > 0) app.log.info({ deleted }, 'jobs: deleted finished jobs');
  });
  app.decorate('jobs', runner);
  app.addHook('onReady', async () => runner.start());
  app.addHook('preClose', () => runner.stop(app.config.shutdownGraceMs));
}

/** Not encapsulated (fastify-plugin): `app.jobs` is visible to every module. */
export const jobsPlugin = fp(jobsPluginImpl, { name: 'jobs' });

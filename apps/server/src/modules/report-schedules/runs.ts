/**
 * Queueing one send of a schedule: its `report_schedule_runs` row (the history the schedules page
 * shows) and its `report-schedule.send` job (plugins/jobs, keyed by the run's id), in the caller's
 * transaction. The run is unique per (schedule, due time), so a due time queued twice — by two
 * instances, or two clicks of "send now" within a second — is queued once.
 */

import type { Executor } from '../../db/client.ts';
import { reportScheduleRuns } from '../../db/schema/report-views.ts';
import { enqueueJob } from '../../plugins/jobs/queue.ts';

/** The job kind that sends one run. */
export const SEND_JOB = 'report-schedule.send';
/** Attempts of one run before it is recorded as failed. */
export const SEND_MAX_ATTEMPTS = 6;

/** Queues the run of `scheduleId` due at `dueAt`; answers its id, or null when it was queued before. */
export async function queueRun(
  tx: Executor,
  scheduleId: number,
  dueAt: Date,
  now: Date,
): Promise<number | null> {
  const [run] = await tx
    .insert(reportScheduleRuns)
    .values({ schedule_id: scheduleId, due_at: dueAt, created_at: now })
    .onConflictDoNothing()
    .returning({ id: reportScheduleRuns.id });
  if (!run) return null;
  await enqueueJob(
    tx,
    { kind: SEND_JOB, key: String(run.id), payload: { run_id: run.id }, maxAttempts: SEND_MAX_ATTEMPTS },
    now,
  );
  return run.id;
}

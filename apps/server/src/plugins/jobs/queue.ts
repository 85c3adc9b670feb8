/**
 * The job queue's store operations (table `jobs`, db/schema/jobs.ts); runner.ts polls with them.
 *
 * - `enqueueJob` inserts inside the caller's transaction (the job exists if and only if the change
 *   committed), idempotent by (kind, key): a second enqueue of the same key answers null.
 * - `claimJobs` takes due jobs in one statement: `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP
 *   LOCKED)`, so two instances never take the same row (PostgreSQL's row locks; PGlite runs one
 *   statement at a time). A job is due when queued with `run_at` passed, or running with its lease
 *   passed (its instance died or lost the store): the claim then counts as its next attempt. Each
 *   claim stamps a fresh token (`locked_by`); renewing, finishing and releasing match it, so an
 *   instance whose lease was taken over can no longer change the row.
 * - Times are the app clock (`app.now()`), the same on every instance within clock skew (NTP).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { jobs } from '../../db/schema/jobs.ts';

export const DEFAULT_MAX_ATTEMPTS = 10;
const BASE_BACKOFF_MS = 5_000;
const MAX_BACKOFF_MS = 3_600_000;

/** Delay before attempt `attempts + 1` after `attempts` failed ones, ms: 5 s × 2^(n−1), at most 1 h. */
export function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));
}

export type EnqueueSpec = {
  kind: string;
  payload?: Record<string, unknown>;
  /** Idempotency key within the kind; default a fresh UUID (never deduplicated). */
  key?: string;
  /** Earliest start; default now. */
  runAt?: Date;
  maxAttempts?: number;
};

/** Inserts a job unless (kind, key) exists; answers the new id, or null when it existed. */
export async function enqueueJob(db: Executor, spec: EnqueueSpec, now: Date): Promise<number | null> {
  const [row] = await db
    .insert(jobs)
    .values({
      kind: spec.kind,
      key: spec.key ?? randomUUID(),
      payload: spec.payload ?? {},
      run_at: spec.runAt ?? now,
      max_attempts: spec.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      created_at: now,
    })
    .onConflictDoNothing({ target: [jobs.kind, jobs.key] })
    .returning({ id: jobs.id });
  return row?.id ?? null;
}

export type ClaimedJob = {
  id: number;
  kind: string;
  key: string;
  payload: Record<string, unknown>;
  /** This attempt's number, from 1. */
  attempts: number;
  max_attempts: number;
  /** The claim's token. */
  locked_by: string;
};

const claimedColumns = {
  id: jobs.id,
  kind: jobs.kind,
  key: jobs.key,
  payload: jobs.payload,
  attempts: jobs.attempts,
  max_attempts: jobs.max_attempts,
  locked_by: jobs.locked_by,
};

/**
 * Claims up to `batch` due jobs of `kinds` until `now + leaseMs` (oldest `run_at` first). Jobs whose
 * lease ran out on their last attempt are not run again: `expireExhausted` fails them.
 */
export async function claimJobs(
  db: Db,
  opts: { kinds: string[]; now: Date; leaseMs: number; batch: number },
): Promise<ClaimedJob[]> {
  if (opts.kinds.length === 0 || opts.batch <= 0) return [];
  const { now } = opts;
  const token = randomUUID();
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        inArray(jobs.kind, opts.kinds),
        or(
          and(eq(jobs.status, 'queued'), lte(jobs.run_at, now)),
          and(
            eq(jobs.status, 'running'),
            lte(jobs.lease_until, now),
            sql`${jobs.attempts} < ${jobs.max_attempts}`,
          ),
        ),
      ),
    )
    .orderBy(asc(jobs.run_at), asc(jobs.id))
    .limit(opts.batch)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(jobs)
    .set({
      status: 'running',
      locked_by: token,
      lease_until: new Date(now.getTime() + opts.leaseMs),
      attempts: sql`${jobs.attempts} + 1`,
    })
    .where(inArray(jobs.id, due))
    .returning(claimedColumns);
  return rows.map((r) => ({ ...r, locked_by: r.locked_by ?? token })).sort((a, b) => a.id - b.id);
}

/**
 * Running jobs of `kinds` whose lease ran out on their last attempt: marks them failed and answers
 * them (their instance stopped while running them; runner.ts calls the kind's `onFailed`).
 */
export async function expireExhausted(db: Db, kinds: string[], now: Date): Promise<ClaimedJob[]> {
  if (kinds.length === 0) return [];
  return db
    .update(jobs)
    .set({
      status: 'failed',
      lease_until: null,
      finished_at: now,
      last_error: 'the instance running its last attempt stopped',
    })
    .where(
      and(
        inArray(jobs.kind, kinds),
        eq(jobs.status, 'running'),
        lte(jobs.lease_until, now),
        sql`${jobs.attempts} >= ${jobs.max_attempts}`,
      ),
    )
    .returning(claimedColumns) as Promise<ClaimedJob[]>;
}

const held = (job: ClaimedJob) =>
  and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.locked_by, job.locked_by));

/** Extends the claims of `held` until `now + leaseMs`; answers the ids still held (the others were lost). */
export async function renewLeases(
  db: Db,
  held: ClaimedJob[],
  now: Date,
  leaseMs: number,
): Promise<Set<number>> {
  if (held.length === 0) return new Set();
  const rows = await db
    .update(jobs)
    .set({ lease_until: new Date(now.getTime() + leaseMs) })
    .where(
      and(
        eq(jobs.status, 'running'),
        or(...held.map((j) => and(eq(jobs.id, j.id), eq(jobs.locked_by, j.locked_by)))),
      ),
    )
    .returning({ id: jobs.id });
  return new Set(rows.map((r) => r.id));
}

/** Marks a held job done; false when the claim was lost meanwhile. */
export async function completeJob(db: Executor, job: ClaimedJob, now: Date): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: 'done', lease_until: null, finished_at: now, last_error: null })
    .where(held(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Records a failed attempt of a held job: queued again after `backoffMs(attempts)`, or failed for
 * good when `final` (out of attempts, or a permanent refusal). Answers what happened, 'lost' when the
 * claim was taken over meanwhile.
 */
export async function failJob(
  db: Executor,
  job: ClaimedJob,
  now: Date,
  error: string,
  final: boolean,
): Promise<'retry' | 'failed' | 'lost'> {
  const rows = await db
    .update(jobs)
    .set(
      final
        ? { status: 'failed', lease_until: null, finished_at: now, last_error: error.slice(0, 1000) }
        : {
            status: 'queued',
            lease_until: null,
            locked_by: null,
            run_at: new Date(now.getTime() + backoffMs(job.attempts)),
            last_error: error.slice(0, 1000),
          },
    )
    .where(held(job))
    .returning({ id: jobs.id });
  if (rows.length === 0) return 'lost';
  return final ? 'failed' : 'retry';
}

/**
 * Hands a held job back (graceful shutdown while it still ran): queued at once, and the attempt it
 * was on is not counted.
 */
export async function releaseJob(db: Db, job: ClaimedJob, now: Date): Promise<void> {
  await db
    .update(jobs)
    .set({
      status: 'queued',
      lease_until: null,
      locked_by: null,
      run_at: now,
      attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
    })
    .where(held(job));
}

/** Deletes finished jobs: done ones finished before `doneBefore`, failed ones before `failedBefore`. */
export async function pruneJobs(db: Db, doneBefore: Date, failedBefore: Date): Promise<number> {
  const rows = await db
    .delete(jobs)
    .where(
      or(
        and(eq(jobs.status, 'done'), lte(jobs.finished_at, doneBefore)),
        and(eq(jobs.status, 'failed'), lte(jobs.finished_at, failedBefore)),
      ),
    )
    .returning({ id: jobs.id });
  return rows.length;
}

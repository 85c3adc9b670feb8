/**
 * The job runner: one poller per instance over the shared `jobs` table (queue.ts), running the
 * handlers the modules define. Guarantees (README "Notifications and background jobs"):
 *
 * - **At least once, never lost.** A job is enqueued in the transaction of the change it follows
 *   (queue.ts `enqueueJob`); it stays until a handler finished it or it failed for good.
 * - **One instance at a time.** A claim holds a job for `leaseMs` (60 s) and is renewed every
 *   `leaseMs / 3` while the handler runs, so a long send keeps its job however long it takes, and a
 *   job whose instance died (kill -9, lost host) is taken over by another within about a minute.
 *   An instance that finds its claim lost (renewal matched nothing) aborts the handler's `signal`.
 * - **Retries.** A handler that throws is retried after 5 s, 10 s, 20 s … (at most 1 h) up to the
 *   kind's `maxAttempts`; then, or at once for a `PermanentJobError`, the job is failed with its error
 *   kept, and the kind's `onFailed` runs in the same transaction. A lease that ran out on the last
 *   attempt counts as a failure too.
 * - **Periodic work** (`every`): one job per period (periodic.ts), keyed by its start, so several
 *   instances run each period once.
 * - **Shutdown** (`stop`): no new claims; running handlers get up to the grace period to finish, then
 *   their signal is aborted and their jobs are handed back (queued at once, the attempt not counted).
 *
 * Handlers must tolerate running twice for one job (a crash after the effect, before the job was
 * marked done): they check what they already did (e.g. a delivered flag) and use stable ids
 * (Idempotency-Key, Message-ID) for what leaves the portal.
 *
 * Decided here: our own queue rather than pg-boss or graphile-worker. Those need node-postgres and
 * their own schema migrations and clocks; this one runs on PGlite and PostgreSQL through the same
 * Drizzle migrations, enqueues in the caller's Drizzle transaction, and runs on the app clock, which
 * tests move.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { type Period, periodKey, periodStart } from './periodic.ts';
import {
  type ClaimedJob,
  claimJobs,
  completeJob,
  DEFAULT_MAX_ATTEMPTS,
  enqueueJob,
  expireExhausted,
  failJob,
  releaseJob,
  renewLeases,
} from './queue.ts';

/** What a handler gets. */
export type JobContext = {
  id: number;
  kind: string;
  key: string;
  payload: Record<string, unknown>;
  /** This attempt, from 1. */
  attempt: number;
  maxAttempts: number;
  /** Aborted when the claim was lost or the instance stops past its grace period. */
  signal: AbortSignal;
};

export type JobHandler = (job: JobContext) => Promise<void>;
/** Runs in the transaction that marks the job failed; `error` is the last error's text. */
export type FailedHandler = (tx: Tx, job: JobContext, error: string) => Promise<void>;

export type JobKindOptions = {
  /** Attempts before the job fails (default 10). */
  maxAttempts?: number;
  onFailed?: FailedHandler;
};

/** Thrown by a handler: the job fails at once, without retries. */
export class PermanentJobError extends Error {}

export type JobOutcome = { id: number; kind: string; outcome: 'done' | 'retry' | 'failed' | 'lost' };

export type JobRunnerOptions = {
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Time between polls, ms; 0: no poller (jobs run only through `runDue`). */
  pollMs: number;
  /** How long a claim holds a job without renewal, ms. */
  leaseMs?: number;
  /** Jobs running at once on this instance. */
  concurrency?: number;
};

export type JobRunner = {
  /** Registers the handler of `kind` (once per kind). */
  define(kind: string, handler: JobHandler, opts?: JobKindOptions): void;
  /** Registers `kind` as periodic: one job per period of `period`. */
  every(kind: string, period: Period, handler: JobHandler, opts?: JobKindOptions): void;
  /** Starts polling (no-op with pollMs 0 or when started). */
  start(): void;
  /** Polls soon (e.g. after enqueueing work that should not wait a whole interval). */
  wake(): void;
  /** Stops polling; waits up to `graceMs` for running jobs, then hands them back. */
  stop(graceMs: number): Promise<void>;
  /** One pass: enqueue due periods, claim what is due and run it to the end. */
  runDue(): Promise<JobOutcome[]>;
  /** Passes until one claims nothing (at most 50). */
  drain(): Promise<JobOutcome[]>;
  /** Renews the leases of running jobs now (the heartbeat's work). */
  renewNow(): Promise<void>;
  /** Kinds this instance runs. */
  readonly kinds: string[];
  readonly inFlight: number;
};

export const DEFAULT_LEASE_MS = 60_000;
const PERIODIC_MAX_ATTEMPTS = 3;

type Kind = { handler: JobHandler; maxAttempts: number; onFailed?: FailedHandler };
type Running = { job: ClaimedJob; ctrl: AbortController; done: Promise<JobOutcome> };

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)) || 'error';

export function createJobRunner(opts: JobRunnerOptions): JobRunner {
  const { db, now, log } = opts;
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  const concurrency = opts.concurrency ?? 4;
  const kinds = new Map<string, Kind>();
  const periodic = new Map<string, Period>();
  /** kind → start (ms) of the last period this instance enqueued. */
  const enqueuedPeriod = new Map<string, number>();
  const running = new Map<number, Running>();
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let pass: Promise<unknown> | null = null;
  let again = false;

  const contextOf = (job: ClaimedJob, signal: AbortSignal): JobContext => ({
    id: job.id,
    kind: job.kind,
    key: job.key,
    payload: job.payload,
    attempt: job.attempts,
    maxAttempts: job.max_attempts,
    signal,
  });

  const fail = async (job: ClaimedJob, ctx: JobContext, text: string, final: boolean) => {
    const onFailed = kinds.get(job.kind)?.onFailed;
    if (!final || !onFailed) return failJob(db, job, now(), text, final);
    return db.transaction(async (tx) => {
      const r = await failJob(tx, job, now(), text, true);
      if (r === 'failed') await onFailed(tx, ctx, text);
      return r;
    });
  };

  const execute = async (job: ClaimedJob, ctrl: AbortController): Promise<JobOutcome> => {
    const kind = kinds.get(job.kind);
    const ctx = contextOf(job, ctrl.signal);
    const at = { id: job.id, kind: job.kind };
    try {
      if (!kind) throw new PermanentJobError(`no handler for ${job.kind}`);
      await kind.handler(ctx);
      const held = await completeJob(db, job, now());
      if (!held) log.warn({ job: at }, 'job finished after its claim was taken over');
      return { ...at, outcome: held ? 'done' : 'lost' };
    } catch (err) {
      const text = errorText(err).slice(0, 1000);
      const final = err instanceof PermanentJobError || job.attempts >= job.max_attempts;
      try {
        const outcome = await fail(job, ctx, text, final);
        if (outcome === 'retry')
          log.warn({ job: at, attempt: job.attempts, err: text }, 'job failed; will retry');
        if (outcome === 'failed')
          log.warn({ job: at, attempt: job.attempts, err: text }, 'job failed for good');
        return { ...at, outcome };
      } catch (recordErr) {
        log.error({ err: recordErr, job: at }, 'job failure not recorded; its lease will run out');
        return { ...at, outcome: 'lost' };
      }
    }
  };

  const renewNow = async () => {
    const held = [...running.values()];
    if (held.length === 0) return;
    const kept = await renewLeases(
      db,
      held.map((r) => r.job),
      now(),
      leaseMs,
    );
    for (const r of held) {
      if (!kept.has(r.job.id) && running.get(r.job.id) === r) {
        log.warn(
          { job: { id: r.job.id, kind: r.job.kind } },
          'job claim lost: another instance took it over',
        );
        r.ctrl.abort(new Error('the job was taken over by another instance'));
      }
    }
  };

  const beat = () => {
    if (heartbeat || running.size === 0) return;
    heartbeat = setInterval(
      () => {
        if (running.size === 0) {
          clearInterval(heartbeat);
          heartbeat = undefined;
          return;
        }
        renewNow().catch((err: unknown) => log.warn({ err }, 'job lease renewal failed'));
      },
      Math.max(1, Math.floor(leaseMs / 3)),
    );
    heartbeat.unref();
  };

  const launch = (job: ClaimedJob): Running => {
    const ctrl = new AbortController();
    const entry = { job, ctrl } as Running;
    entry.done = execute(job, ctrl).finally(() => {
      if (running.get(job.id) === entry) running.delete(job.id);
      // A slot is free: more may be due.
      if (started && !stopped) wake();
    });
    running.set(job.id, entry);
    beat();
    return entry;
  };

  const enqueuePeriods = async (at: Date) => {
    for (const [kind, period] of periodic) {
      const start = periodStart(period, at);
      if (enqueuedPeriod.get(kind) === start.getTime()) continue;
      await enqueueJob(
        db,
        { kind, key: periodKey(start), runAt: start, maxAttempts: kinds.get(kind)?.maxAttempts },
        at,
      );
      enqueuedPeriod.set(kind, start.getTime());
    }
  };

  const expire = async (at: Date) => {
    const names = [...kinds.keys()];
    const expired = await expireExhausted(db, names, at);
    for (const job of expired) {
      const onFailed = kinds.get(job.kind)?.onFailed;
      log.warn({ job: { id: job.id, kind: job.kind } }, 'job failed for good: its last attempt was cut off');
      if (!onFailed) continue;
      const ctx = contextOf(job, AbortSignal.abort());
      await db
        .transaction((tx) => onFailed(tx, ctx, 'the instance running its last attempt stopped'))
        .catch((err: unknown) => log.error({ err, job: job.id }, 'onFailed of an expired job failed'));
    }
  };

  /** Claims what fits in the free slots and starts it; answers the started runs. */
  const onePass = async (): Promise<Running[]> => {
    const at = now();
    await enqueuePeriods(at);
    await expire(at);
    const claimed = await claimJobs(db, {
      kinds: [...kinds.keys()],
      now: at,
      leaseMs,
      batch: concurrency - running.size,
    });
    return claimed.map(launch);
  };

  const schedule = (ms: number) => {
    if (!started || stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void loop(), ms);
    timer.unref();
  };

  const loop = async () => {
    if (pass) {
      again = true;
      return;
    }
    let full = false;
    pass = onePass()
      .then((runs) => {
        full = runs.length > 0 && running.size >= concurrency;
      })
      .catch((err: unknown) => log.error({ err }, 'job poll failed'));
    await pass;
    pass = null;
    // With every slot busy the next claim waits for a slot (launch's `finally` wakes the loop).
    if (again && !full) {
      again = false;
      schedule(0);
    } else schedule(opts.pollMs);
  };

  function wake() {
    if (!started || stopped) return;
    if (pass) again = true;
    else schedule(0);
  }

  const runDue = async () => {
    const runs = await onePass();
    return Promise.all(runs.map((r) => r.done));
  };

  return {
    define(kind, handler, o = {}) {
      if (kinds.has(kind)) throw new Error(`job kind ${kind} is defined twice`);
      kinds.set(kind, { handler, maxAttempts: o.maxAttempts ?? DEFAULT_MAX_ATTEMPTS, onFailed: o.onFailed });
    },
    every(kind, period, handler, o = {}) {
      periodStart(period, new Date(0));
      this.define(kind, handler, { maxAttempts: PERIODIC_MAX_ATTEMPTS, ...o });
      periodic.set(kind, period);
    },
    start() {
      if (started || stopped || opts.pollMs <= 0) return;
      started = true;
      schedule(0);
    },
    wake,
    async stop(graceMs) {
      stopped = true;
      clearTimeout(timer);
      await pass;
      const left = [...running.values()];
      if (left.length > 0) {
        let cut: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.allSettled(left.map((r) => r.done)),
          new Promise((r) => {
            cut = setTimeout(r, graceMs);
          }),
        ]);
        clearTimeout(cut);
      }
      for (const r of [...running.values()]) {
        running.delete(r.job.id);
        // Handed back first, so whatever the handler does once aborted no longer counts.
        await releaseJob(db, r.job, now()).catch((err: unknown) =>
          log.warn({ err, job: r.job.id }, 'job not handed back; its lease will run out'),
        );
        r.ctrl.abort(new Error('the instance is shutting down'));
      }
      clearInterval(heartbeat);
      heartbeat = undefined;
    },
    runDue,
    async drain() {
      const all: JobOutcome[] = [];
      for (let i = 0; i < 50; i++) {
        const done = await runDue();
        if (done.length === 0) break;
        all.push(...done);
      }
      return all;
    },
    renewNow,
    get kinds() {
      return [...kinds.keys()];
    },
    get inFlight() {
      return running.size;
    },
  };
}

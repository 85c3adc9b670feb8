/**
 * The job queue (issue 24 item 4, issue 22 item 19): idempotent enqueue by key, a claim race between
 * two runners (two instances) on one store, retries with backoff up to a failure that keeps its error,
 * the lease renewed while a job runs, a job whose instance died taken over once its lease ran out
 * (on the app clock), graceful shutdown handing a running job back, and periodic work enqueued once
 * per period however many instances poll. With TEST_DATABASE_URL, also two whole apps on one
 * PostgreSQL database.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/jobs.ts';
import { createTestApp, freshPostgresDatabase, type TestApp, testDbKinds } from '../../test/test-app.ts';
import { periodStart } from './periodic.ts';
import { backoffMs, enqueueJob } from './queue.ts';
import { createJobRunner, type JobContext, type JobRunner, PermanentJobError } from './runner.ts';

const T0 = new Date('2026-03-01T00:00:00Z');

/** A promise with its resolve, to hold a handler mid-job. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((r) => {
    open = r;
  });
  return { opened, open };
}

describe.each(testDbKinds)('job queue on %s', (db) => {
  let t: TestApp;
  let clock = T0;
  const now = () => clock;
  const later = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  const runner = (opts: { leaseMs?: number; concurrency?: number } = {}) =>
    createJobRunner({ db: t.app.db, now, log: t.app.log, pollMs: 0, ...opts });
  const row = async (kind: string, key: string) =>
    (await t.app.db.select().from(jobs).where(eq(jobs.kind, kind))).find((j) => j.key === key);
  const started: JobRunner[] = [];
  const track = (r: JobRunner) => {
    started.push(r);
    return r;
  };

  beforeAll(async () => {
    t = await createTestApp({ db, now });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    for (const r of started.splice(0)) await r.stop(0);
    clock = T0;
    await t.app.db.delete(jobs);
  });

  it('an enqueue is idempotent by (kind, key): the same key twice is one job', async () => {
    const first = await enqueueJob(t.app.db, { kind: 'k.once', key: 'order-1', payload: { n: 1 } }, now());
    const again = await enqueueJob(t.app.db, { kind: 'k.once', key: 'order-1', payload: { n: 2 } }, now());
    const otherKind = await enqueueJob(t.app.db, { kind: 'k.other', key: 'order-1' }, now());
    expect(first).toEqual(expect.any(Number));
    expect(again).toBeNull();
    expect(otherKind).toEqual(expect.any(Number));
    const seen: unknown[] = [];
    const r = runner();
    r.define('k.once', async (job) => {
      seen.push(job.payload);
    });
    expect(await r.drain()).toEqual([{ id: first, kind: 'k.once', outcome: 'done' }]);
    expect(seen).toEqual([{ n: 1 }]);
    // Done jobs keep their key: enqueueing it again still adds nothing.
    expect(await enqueueJob(t.app.db, { kind: 'k.once', key: 'order-1' }, now())).toBeNull();
  });

  it('an enqueue inside a transaction that rolls back leaves no job', async () => {
    await t.app.db
      .transaction(async (tx) => {
        await enqueueJob(tx, { kind: 'k.rollback', key: 'x' }, now());
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    expect(await row('k.rollback', 'x')).toBeUndefined();
  });

  it('a delayed job waits for its run_at', async () => {
    await enqueueJob(t.app.db, { kind: 'k.later', key: 'a', runAt: new Date(T0.getTime() + 60_000) }, now());
    let runs = 0;
    const r = runner();
    r.define('k.later', async () => {
      runs++;
    });
    expect(await r.runDue()).toEqual([]);
    later(60_000);
    expect((await r.runDue()).map((o) => o.outcome)).toEqual(['done']);
    expect(runs).toBe(1);
  });

  it('two runners claiming at once take disjoint jobs, and every job runs exactly once', async () => {
    for (let i = 0; i < 12; i++) await enqueueJob(t.app.db, { kind: 'k.race', key: `j${i}` }, now());
    const ran: string[] = [];
    const mk = () => {
      const r = runner({ concurrency: 4 });
      r.define('k.race', async (job) => {
        ran.push(job.key);
      });
      return r;
    };
    const a = mk();
    const b = mk();
    const [ra, rb] = await Promise.all([a.runDue(), b.runDue()]);
    const ids = [...ra, ...rb].map((o) => o.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(8);
    await Promise.all([a.drain(), b.drain()]);
    expect(ran.sort()).toEqual(Array.from({ length: 12 }, (_, i) => `j${i}`).sort());
    const rows = await t.app.db.select().from(jobs).where(eq(jobs.kind, 'k.race'));
    expect(rows.every((j) => j.status === 'done' && j.attempts === 1)).toBe(true);
  });

  it('a failing job is retried after 5 s, 10 s … and then failed with its error kept', async () => {
    const failed: { error: string; attempt: number }[] = [];
    const r = runner();
    r.define(
      'k.flaky',
      async () => {
        throw new Error('upstream 503');
      },
      {
        maxAttempts: 3,
        onFailed: async (_tx, job, error) => {
          failed.push({ error, attempt: job.attempt });
        },
      },
    );
    await enqueueJob(t.app.db, { kind: 'k.flaky', key: 'f', maxAttempts: 3 }, now());
    expect((await r.runDue()).map((o) => o.outcome)).toEqual(['retry']);
    expect(await row('k.flaky', 'f')).toMatchObject({
      status: 'queued',
      attempts: 1,
      last_error: 'upstream 503',
      run_at: new Date(T0.getTime() + 5_000),
    });
    later(4_999);
    expect(await r.runDue()).toEqual([]);
    later(1);
    expect((await r.runDue()).map((o) => o.outcome)).toEqual(['retry']);
    expect((await row('k.flaky', 'f'))?.run_at).toEqual(new Date(clock.getTime() + 10_000));
    later(10_000);
    expect((await r.runDue()).map((o) => o.outcome)).toEqual(['failed']);
    expect(await row('k.flaky', 'f')).toMatchObject({
      status: 'failed',
      attempts: 3,
      last_error: 'upstream 503',
    });
    expect(failed).toEqual([{ error: 'upstream 503', attempt: 3 }]);
    later(3_600_000);
    expect(await r.runDue()).toEqual([]);
    expect([backoffMs(1), backoffMs(2), backoffMs(3), backoffMs(30)]).toEqual([
      5_000, 10_000, 20_000, 3_600_000,
    ]);
  });

  it('a permanent refusal fails at once, without retries', async () => {
    const r = runner();
    r.define('k.refused', async () => {
      throw new PermanentJobError('the owner lost access');
    });
    await enqueueJob(t.app.db, { kind: 'k.refused', key: 'p' }, now());
    expect((await r.runDue()).map((o) => o.outcome)).toEqual(['failed']);
    expect(await row('k.refused', 'p')).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('a job whose instance died is taken over once its lease ran out, and the dead claim changes nothing', async () => {
    await enqueueJob(t.app.db, { kind: 'k.crash', key: 'c' }, now());
    const hold = gate();
    const attempts: number[] = [];
    // Instance A claims the job and "dies" inside it: its handler never finishes, no renewal runs.
    const a = track(runner());
    a.define('k.crash', async (job) => {
      attempts.push(job.attempt);
      await hold.opened;
    });
    const aDone = a.runDue();
    await expect.poll(() => attempts.length).toBe(1);
    const b = track(runner());
    b.define('k.crash', async (job) => {
      attempts.push(job.attempt);
    });
    // While A's lease holds, B takes nothing.
    later(59_000);
    expect(await b.runDue()).toEqual([]);
    later(1_001);
    expect(await b.runDue()).toEqual([expect.objectContaining({ outcome: 'done' })]);
    expect(attempts).toEqual([1, 2]);
    expect(await row('k.crash', 'c')).toMatchObject({ status: 'done', attempts: 2 });
    // A wakes up: its claim is gone, so it cannot mark the job again.
    hold.open();
    expect((await aDone).map((o) => o.outcome)).toEqual(['lost']);
    expect(await row('k.crash', 'c')).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('a running job keeps its claim while its lease is renewed, however long it runs', async () => {
    await enqueueJob(t.app.db, { kind: 'k.long', key: 'l' }, now());
    const hold = gate();
    let signal: AbortSignal | undefined;
    const a = track(runner());
    a.define('k.long', async (job) => {
      signal = job.signal;
      await hold.opened;
    });
    const aDone = a.runDue();
    await expect.poll(() => signal !== undefined).toBe(true);
    const b = track(runner());
    b.define('k.long', async () => {});
    for (let i = 0; i < 5; i++) {
      later(40_000);
      await a.renewNow();
      expect(await b.runDue()).toEqual([]);
    }
    hold.open();
    expect((await aDone).map((o) => o.outcome)).toEqual(['done']);
    expect(signal?.aborted).toBe(false);
    expect(await row('k.long', 'l')).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('an instance that finds its claim taken over aborts the handler', async () => {
    await enqueueJob(t.app.db, { kind: 'k.lost', key: 'x' }, now());
    let ctx: JobContext | undefined;
    const a = track(runner());
    a.define('k.lost', async (job) => {
      ctx = job;
      await new Promise((_, reject) => job.signal.addEventListener('abort', () => reject(job.signal.reason)));
    });
    const aDone = a.runDue();
    await expect.poll(() => ctx !== undefined).toBe(true);
    later(60_001);
    const b = track(runner());
    b.define('k.lost', async () => {});
    expect((await b.runDue()).map((o) => o.outcome)).toEqual(['done']);
    await a.renewNow();
    expect(ctx?.signal.aborted).toBe(true);
    expect((await aDone).map((o) => o.outcome)).toEqual(['lost']);
  });

  it('a lease that runs out on the last attempt fails the job and runs onFailed', async () => {
    await enqueueJob(t.app.db, { kind: 'k.last', key: 'z', maxAttempts: 1 }, now());
    const hold = gate();
    const failed: string[] = [];
    const a = track(runner());
    a.define('k.last', async () => hold.opened, { maxAttempts: 1 });
    const aDone = a.runDue();
    await expect.poll(async () => (await row('k.last', 'z'))?.status).toBe('running');
    later(60_001);
    const b = track(runner());
    b.define('k.last', async () => {}, {
      maxAttempts: 1,
      onFailed: async (_tx, _job, error) => {
        failed.push(error);
      },
    });
    expect(await b.runDue()).toEqual([]);
    expect(failed).toEqual(['the instance running its last attempt stopped']);
    expect(await row('k.last', 'z')).toMatchObject({ status: 'failed' });
    hold.open();
    expect((await aDone).map((o) => o.outcome)).toEqual(['lost']);
  });

  it('a graceful stop hands a job still running back at once, its attempt not counted', async () => {
    await enqueueJob(t.app.db, { kind: 'k.stop', key: 's' }, now());
    let aborted = false;
    const a = runner();
    a.define('k.stop', async (job) => {
      await new Promise<void>((resolve) =>
        job.signal.addEventListener('abort', () => {
          aborted = true;
          resolve();
        }),
      );
    });
    void a.runDue();
    await expect.poll(() => a.inFlight).toBe(1);
    await a.stop(20);
    expect(aborted).toBe(true);
    expect(await row('k.stop', 's')).toMatchObject({ status: 'queued', attempts: 0, lease_until: null });
    const b = track(runner());
    let attempt = 0;
    b.define('k.stop', async (job) => {
      attempt = job.attempt;
    });
    expect((await b.runDue()).map((o) => o.outcome)).toEqual(['done']);
    expect(attempt).toBe(1);
  });

  it('a graceful stop lets a job that finishes within the grace period finish', async () => {
    await enqueueJob(t.app.db, { kind: 'k.finish', key: 'f' }, now());
    const hold = gate();
    const a = runner();
    a.define('k.finish', async () => hold.opened);
    const done = a.runDue();
    await expect.poll(() => a.inFlight).toBe(1);
    const stopping = a.stop(60_000);
    hold.open();
    await stopping;
    expect((await done).map((o) => o.outcome)).toEqual(['done']);
    expect(await row('k.finish', 'f')).toMatchObject({ status: 'done' });
  });

  it('periodic work is enqueued once per period however many instances poll', async () => {
    const ticks: string[] = [];
    const mk = () => {
      const r = runner();
      r.every('k.tick', { everyMs: 60_000 }, async (job) => {
        ticks.push(job.key);
      });
      return r;
    };
    const a = mk();
    const b = mk();
    later(30_000);
    await Promise.all([a.runDue(), b.runDue()]);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(ticks).toEqual(['2026-03-01T00:00:00.000Z']);
    later(60_000);
    await Promise.all([b.runDue(), a.runDue()]);
    expect(ticks).toEqual(['2026-03-01T00:00:00.000Z', '2026-03-01T00:01:00.000Z']);
    // A third instance started later in the same period adds nothing.
    const c = mk();
    await c.runDue();
    expect(ticks).toHaveLength(2);
  });
});

describe('periods', () => {
  it('every N ms: epoch-aligned; daily at an hour of a time zone: today once it has come, else yesterday', () => {
    expect(periodStart({ everyMs: 60_000 }, new Date('2026-03-01T10:05:42Z')).toISOString()).toBe(
      '2026-03-01T10:05:00.000Z',
    );
    const shanghai3 = { dailyAt: { hour: 3, timezone: 'Asia/Shanghai' } };
    expect(periodStart(shanghai3, new Date('2026-03-01T19:00:00Z')).toISOString()).toBe(
      '2026-03-01T19:00:00.000Z',
    );
    expect(periodStart(shanghai3, new Date('2026-03-01T18:59:59Z')).toISOString()).toBe(
      '2026-02-28T19:00:00.000Z',
    );
    // New York skips 02:00 on 2026-03-08: that day's period starts at 03:00 EDT (07:00 UTC).
    const ny2 = { dailyAt: { hour: 2, timezone: 'America/New_York' } };
    expect(periodStart(ny2, new Date('2026-03-08T12:00:00Z')).toISOString()).toBe('2026-03-08T07:00:00.000Z');
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two apps on one PostgreSQL database', () => {
  let a: TestApp;
  let b: TestApp;
  let drop: () => Promise<void>;
  const clock = () => T0;
  beforeAll(async () => {
    const pg = await freshPostgresDatabase();
    drop = pg.drop;
    a = await createTestApp({ now: clock, shared: { databaseUrl: pg.url } });
    b = await createTestApp({ now: clock, shared: { databaseUrl: pg.url } });
  }, 180_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop?.();
  });

  it('their runners race for the same jobs and each job runs once', async () => {
    const ran: string[] = [];
    for (const t of [a, b]) {
      t.app.jobs.define('k.shared', async (job) => {
        ran.push(job.key);
      });
    }
    for (let i = 0; i < 20; i++) await enqueueJob(a.app.db, { kind: 'k.shared', key: `s${i}` }, T0);
    await Promise.all([a.app.jobs.drain(), b.app.jobs.drain()]);
    expect(ran.sort()).toEqual(Array.from({ length: 20 }, (_, i) => `s${i}`).sort());
  });
});

/**
 * Query lanes (issue 11 item 5): report work is queued by weight above the report store, the same for
 * every adapter (DuckDB, ClickHouse), so a publisher's small list never waits behind network-wide
 * queries. Each lane runs at most `concurrency` tasks and holds at most `queue` more; one more is
 * refused at once (`LaneFullError`) instead of piling up. The time limit counts from the task's
 * arrival, the wait in the queue included (issue 22 item 5): a task still waiting when its time is up
 * leaves the queue (`LaneWaitError`, answered 608 like a full queue: it never started); a running one
 * gets an `AbortSignal` that aborts at that same deadline (`QueryTimeoutError`, 607) or when the
 * caller's signal aborts (e.g. the client went away); the task hands that signal, and the time left,
 * to the store, which stops the statement (store.ts). A slot is freed only when the task has settled,
 * i.e. when the store has really stopped.
 *
 * Lanes: `light` (a publisher's lists and trends), `heavy` (network-wide, by hour, or many groups:
 * query-cost.ts) and `export` (streamed downloads, which hold their slot for the whole file).
 */
import type { Config } from '../config.ts';

export type LaneName = 'light' | 'heavy' | 'export';
export type LaneLimits = { concurrency: number; queue: number };

/** The statement ran longer than its time limit (answered as code 607). */
export class QueryTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`report query timed out after ${timeoutMs} ms`);
    this.name = 'QueryTimeoutError';
  }
}

/** The lane's queue is full (answered as code 608). */
export class LaneFullError extends Error {
  constructor(readonly lane: LaneName) {
    super(`report lane ${lane} is full`);
    this.name = 'LaneFullError';
  }
}

/** The task waited in the lane's queue until its time was up, without starting (answered as code 608). */
export class LaneWaitError extends Error {
  constructor(
    readonly lane: LaneName,
    readonly timeoutMs: number,
  ) {
    super(`report lane ${lane}: could not start within ${timeoutMs} ms`);
    this.name = 'LaneWaitError';
  }
}

/**
 * A held slot: `signal` aborts at the deadline or on the caller's signal; `remainingMs()` is the time
 * left until the deadline (at least 1 ms), for the store's own limit; `release` frees the slot once.
 */
export type LaneSlot = { signal: AbortSignal; remainingMs: () => number; release: () => void };

export type LaneStats = Record<LaneName, { running: number; queued: number; limits: LaneLimits }>;

class Lane {
  running = 0;
  /** Grants of the queued tasks, oldest first. */
  readonly waiting: (() => void)[] = [];
  constructor(
    readonly name: LaneName,
    readonly limits: LaneLimits,
  ) {}

  /** Resolves when a slot is free; rejects with LaneFullError or the signal's reason. */
  enter(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.running < this.limits.concurrency) {
      this.running++;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.limits.queue) return Promise.reject(new LaneFullError(this.name));
    return new Promise((resolve, reject) => {
      const leave = () => {
        const i = this.waiting.indexOf(grant);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(signal?.reason);
      };
      const grant = () => {
        signal?.removeEventListener('abort', leave);
        this.running++;
        resolve();
      };
      signal?.addEventListener('abort', leave, { once: true });
      this.waiting.push(grant);
    });
  }

  leave() {
    this.running--;
    this.waiting.shift()?.();
  }
}

export class QueryLanes {
  private readonly lanes: Record<LaneName, Lane>;

  constructor(limits: Record<LaneName, LaneLimits>) {
    this.lanes = {
      light: new Lane('light', limits.light),
      heavy: new Lane('heavy', limits.heavy),
      export: new Lane('export', limits.export),
    };
  }

  /**
   * Waits for a slot in `lane` (the caller's `signal` abandons the wait), then returns it with a
   * signal that aborts `timeoutMs` after this call (QueryTimeoutError) or when the caller's signal
   * aborts. Throws LaneFullError when the queue is full, LaneWaitError when no slot was free within
   * `timeoutMs`. The caller must `release()` once its work settled.
   */
  async acquire(lane: LaneName, opts: { timeoutMs: number; signal?: AbortSignal }): Promise<LaneSlot> {
    const l = this.lanes[lane];
    const deadline = performance.now() + opts.timeoutMs;
    const waited = new AbortController();
    const waitTimer = setTimeout(() => waited.abort(new LaneWaitError(lane, opts.timeoutMs)), opts.timeoutMs);
    try {
      await l.enter(opts.signal ? AbortSignal.any([opts.signal, waited.signal]) : waited.signal);
    } finally {
      clearTimeout(waitTimer);
    }
    const remainingMs = () => Math.max(1, Math.ceil(deadline - performance.now()));
    const ctl = new AbortController();
    const timer = setTimeout(() => ctl.abort(new QueryTimeoutError(opts.timeoutMs)), remainingMs());
    const onAbort = () => ctl.abort(opts.signal?.reason);
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    if (opts.signal?.aborted) onAbort();
    let released = false;
    return {
      signal: ctl.signal,
      remainingMs,
      release: () => {
        if (released) return;
        released = true;
        clearTimeout(timer);
        opts.signal?.removeEventListener('abort', onAbort);
        l.leave();
      },
    };
  }

  /**
   * Runs `task` in a slot of `lane` (see acquire) with the slot's signal and its time left; the slot
   * is freed when the task settles. When the slot's signal aborted, the task's failure is replaced by
   * the abort reason (QueryTimeoutError or the caller's), so callers see why it stopped rather than
   * the store's own error.
   */
  async run<T>(
    lane: LaneName,
    task: (signal: AbortSignal, remainingMs: () => number) => Promise<T>,
    opts: { timeoutMs: number; signal?: AbortSignal },
  ): Promise<T> {
    const slot = await this.acquire(lane, opts);
    try {
      return await task(slot.signal, slot.remainingMs);
    } catch (err) {
      if (slot.signal.aborted) throw slot.signal.reason;
      throw err;
    } finally {
      slot.release();
    }
  }

  /** Running and queued tasks per lane (for readiness and metrics). */
  stats(): LaneStats {
    const of = (l: Lane) => ({ running: l.running, queued: l.waiting.length, limits: l.limits });
    return { light: of(this.lanes.light), heavy: of(this.lanes.heavy), export: of(this.lanes.export) };
  }
}

/**
 * The server's lanes: light 4 at once (a queue of 256 absorbs bursts of small lists), heavy per
 * REPORT_HEAVY_CONCURRENCY / REPORT_HEAVY_QUEUE, exports 2 at once (one XLSX worker per core) with 4
 * waiting. store.ts keeps enough read connections for all of them at once.
 */
export function serverLanes(config: Pick<Config, 'reportHeavyConcurrency' | 'reportHeavyQueue'>) {
  return new QueryLanes({
    light: { concurrency: 4, queue: 256 },
    heavy: { concurrency: config.reportHeavyConcurrency, queue: config.reportHeavyQueue },
    export: { concurrency: 2, queue: 4 },
  });
}

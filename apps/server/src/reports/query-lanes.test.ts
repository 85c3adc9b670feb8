import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOW_SQL, until } from '../test/slow-sql.ts';
import { LaneFullError, LaneWaitError, QueryLanes, QueryTimeoutError } from './query-lanes.ts';
import type { ReportStore } from './store.ts';
import { openDuckDbStore } from './stores/duckdb.ts';

let store: ReportStore;
beforeAll(async () => {
  store = await openDuckDbStore(':memory:');
});
afterAll(async () => store.close());

describe('DuckDB store cancellation', () => {
  it('interrupts a running statement when the signal aborts, then serves the next query', async () => {
    const ctl = new AbortController();
    const reason = new Error('stop');
    const running = store.query(SLOW_SQL, {}, { signal: ctl.signal });
    setTimeout(() => ctl.abort(reason), 150);
    const t0 = performance.now();
    await expect(running).rejects.toBe(reason);
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(await store.query('SELECT 42 AS x')).toEqual([{ x: 42 }]);
  });

  it('ends an interrupted stream with the abort reason, not as if complete', async () => {
    const ctl = new AbortController();
    const reason = new Error('gone');
    let rows = 0;
    const read = (async () => {
      const sql = 'SELECT a.range AS x FROM range(100000) a, range(100000) b';
      for await (const chunk of store.stream(sql, {}, { signal: ctl.signal })) {
        rows += chunk.length;
        if (rows >= 10_000) ctl.abort(reason);
      }
    })();
    await expect(read).rejects.toBe(reason);
    expect(rows).toBeGreaterThanOrEqual(10_000);
    expect(rows).toBeLessThan(10 ** 10);
    expect(await store.query('SELECT 43 AS x')).toEqual([{ x: 43 }]);
  });
});

describe('QueryLanes over the DuckDB store', () => {
  it('answers QueryTimeoutError after the time limit and frees the slot once DuckDB stopped', async () => {
    const lanes = new QueryLanes({
      light: { concurrency: 1, queue: 0 },
      heavy: { concurrency: 1, queue: 0 },
      export: { concurrency: 1, queue: 0 },
    });
    const t0 = performance.now();
    const err = await lanes
      .run('heavy', (signal) => store.query(SLOW_SQL, {}, { signal }), { timeoutMs: 200 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(QueryTimeoutError);
    expect((err as QueryTimeoutError).timeoutMs).toBe(200);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(195);
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(lanes.stats().heavy.running).toBe(0);
    // The lane is free again: the next task runs at once.
    expect(await lanes.run('heavy', () => store.query('SELECT 1 AS x'), { timeoutMs: 1000 })).toEqual([
      { x: 1 },
    ]);
  });

  it('runs a light query at once while heavy ones fill their lane; refuses one heavy query too many', async () => {
    const lanes = new QueryLanes({
      light: { concurrency: 2, queue: 10 },
      heavy: { concurrency: 1, queue: 2 },
      export: { concurrency: 1, queue: 0 },
    });
    const ctl = new AbortController();
    const stopped = new Error('test over');
    let started = 0;
    const heavy = Array.from({ length: 3 }, () =>
      lanes
        .run(
          'heavy',
          (signal) => {
            started++;
            return store.query(SLOW_SQL, {}, { signal });
          },
          { timeoutMs: 60_000, signal: ctl.signal },
        )
        .catch((e: unknown) => e),
    );
    await until(() => started === 1);
    expect(lanes.stats().heavy).toMatchObject({ running: 1, queued: 2 });
    await expect(
      lanes.run('heavy', () => store.query('SELECT 1'), { timeoutMs: 1000 }),
    ).rejects.toBeInstanceOf(LaneFullError);

    const t0 = performance.now();
    const light = await lanes.run('light', (signal) => store.query('SELECT 7 AS x', {}, { signal }), {
      timeoutMs: 5000,
    });
    expect(light).toEqual([{ x: 7 }]);
    expect(performance.now() - t0).toBeLessThan(1000);
    // The heavy ones are still there: the light query did not wait for them.
    expect(lanes.stats().heavy).toMatchObject({ running: 1, queued: 2 });

    // The caller's abort interrupts the running one and takes the queued ones out of the line.
    ctl.abort(stopped);
    expect(await Promise.all(heavy)).toEqual([stopped, stopped, stopped]);
    expect(started).toBe(1);
    expect(lanes.stats().heavy).toMatchObject({ running: 0, queued: 0 });
  });

  it('counts the time limit from arrival: a query that cannot start in time leaves the queue (608)', async () => {
    const lanes = new QueryLanes({
      light: { concurrency: 1, queue: 0 },
      heavy: { concurrency: 1, queue: 4 },
      export: { concurrency: 1, queue: 0 },
    });
    let finishFirst: () => void = () => {};
    const first = lanes.run('heavy', () => new Promise<void>((resolve) => (finishFirst = resolve)), {
      timeoutMs: 60_000,
    });
    let secondStarted = false;
    const second = lanes
      .run(
        'heavy',
        async () => {
          secondStarted = true;
        },
        { timeoutMs: 200 },
      )
      .catch((e: unknown) => e);
    // Without the rule the second would start (and succeed) once the first ends.
    const fallback = setTimeout(() => finishFirst(), 5000);
    const err = await second;
    clearTimeout(fallback);
    expect(err).toBeInstanceOf(LaneWaitError);
    expect(secondStarted).toBe(false);
    expect(lanes.stats().heavy).toMatchObject({ running: 1, queued: 0 });
    finishFirst();
    await first;
    expect(lanes.stats().heavy).toMatchObject({ running: 0, queued: 0 });
  });

  it('gives a query that waited only the time left of its limit', async () => {
    const lanes = new QueryLanes({
      light: { concurrency: 1, queue: 0 },
      heavy: { concurrency: 1, queue: 4 },
      export: { concurrency: 1, queue: 0 },
    });
    let finishFirst: () => void = () => {};
    const first = lanes.run('heavy', () => new Promise<void>((resolve) => (finishFirst = resolve)), {
      timeoutMs: 60_000,
    });
    let leftAtStart = 0;
    let waited = 0;
    const asked = performance.now();
    const second = lanes
      .run(
        'heavy',
        (signal, remainingMs) => {
          waited = performance.now() - asked;
          leftAtStart = remainingMs();
          return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
        },
        { timeoutMs: 2000 },
      )
      .catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 300));
    finishFirst();
    await first;
    const err = await second;
    expect(err).toBeInstanceOf(QueryTimeoutError);
    // It waited about 300 ms of its 2000 (a timer may fire a millisecond early): only the rest was
    // left to run, rounded up to the millisecond, with a few ms for the call itself.
    expect(waited).toBeGreaterThan(290);
    expect(leftAtStart).toBeGreaterThan(0);
    expect(leftAtStart).toBeLessThanOrEqual(Math.ceil(2000 - waited) + 5);
  });
});

/**
 * The ClickHouse report store through @clickhouse/client against ClickHouse's engine (chDB behind
 * the test harness's HTTP endpoint): schema, parameter binding, exact rollups kept by the
 * materialized view, day replacement, and the timeout and cancellation primitives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshClickHouseDatabase } from '../../test/test-app.ts';
import { sdkFacts } from '../fact-tables.ts';
import type { ReportResultRow, ReportStore } from '../store.ts';
import { clickhouseUrlOptions, openClickHouseStore } from './clickhouse.ts';

const row = (dt: string, hour: number, app_key: string, request: number, revenue: string) => ({
  dt,
  hour,
  app_key,
  placement_id: 'p1',
  placement_name: 'Slot',
  ad_style: 2,
  geo: 'US',
  request,
  response: request - 1,
  impression: request - 2,
  click: 1,
  revenue,
});

async function* chunks(...batches: ReportResultRow[][]) {
  for (const b of batches) yield b;
}

describe('ClickHouse report store', () => {
  let store: ReportStore;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const db = await freshClickHouseDatabase();
    drop = db.drop;
    store = await openClickHouseStore(db.url);
  });
  afterAll(async () => {
    await store?.close();
    await drop?.();
  });

  it('reads the database and credentials from REPORT_STORE_URL', () => {
    expect(clickhouseUrlOptions('clickhouse://u:p%40ss@ch.example:8123/facts')).toEqual({
      url: 'http://ch.example:8123',
      username: 'u',
      password: 'p@ss',
      database: 'facts',
    });
    expect(clickhouseUrlOptions('https://ch.example:8443').database).toBe('default');
    expect(() => clickhouseUrlOptions('clickhouse://h:8123/bad-name;drop')).toThrow(/database/);
  });

  it('creates MergeTree facts partitioned by day and ordered by scope and date, rollups kept by a view', async () => {
    const tables = await store.query(
      `SELECT name, engine, partition_key, sorting_key FROM system.tables
       WHERE database = currentDatabase() AND name IN ('sdk_hourly', 'sdk_daily', 'rtb_daily', 'sdk_daily_mv')
       ORDER BY name`,
    );
    expect(tables).toEqual([
      { name: 'rtb_daily', engine: 'MergeTree', partition_key: 'dt', sorting_key: 'channel, dt' },
      {
        name: 'sdk_daily',
        engine: 'AggregatingMergeTree',
        partition_key: 'dt',
        sorting_key: 'app_key, dt, placement_id, placement_name, ad_style, geo',
      },
      { name: 'sdk_daily_mv', engine: 'MaterializedView', partition_key: '', sorting_key: '' },
      { name: 'sdk_hourly', engine: 'MergeTree', partition_key: 'dt', sorting_key: 'app_key, dt' },
    ]);
  });

  it('binds values as query parameters, never as SQL text', async () => {
    const evil = "x' OR '1'='1\\'; DROP TABLE sdk_hourly --\t";
    const rows = await store.query(
      'SELECT {v:String} AS v, {n:UInt64} + 1 AS n, has({a:Array(String)}, {v:String}) AS h',
      {
        v: evil,
        n: 41,
        a: ['a', evil, "b'c"],
      },
    );
    expect(rows).toEqual([{ v: evil, n: 42, h: 1 }]);
    expect((await store.query('SELECT count() AS n FROM sdk_hourly'))[0]?.n).toBe(0);
  });

  it('keeps the rollup exact across separate inserts, and replaces exactly the given days', async () => {
    await store.replaceDays(sdkFacts, ['2026-01-10'], chunks([row('2026-01-10', 1, 'k1', 10, '0.100001')]));
    // A second load of another day: a second part of the rollup, which no one merges on purpose.
    await store.replaceDays(
      sdkFacts,
      ['2026-01-11'],
      chunks([row('2026-01-11', 1, 'k1', 20, '1.5')], [row('2026-01-11', 2, 'k1', 30, '2.25')]),
    );
    const rollup = async () =>
      store.query(
        `SELECT toString(dt) AS dt, sum(request) AS request, sum(revenue) AS revenue, count() AS groups
         FROM (SELECT dt, app_key, sum(request) AS request, sum(revenue) AS revenue FROM sdk_daily GROUP BY dt, app_key)
         GROUP BY dt ORDER BY dt`,
      );
    expect(await rollup()).toEqual([
      { dt: '2026-01-10', request: 10, revenue: 0.100001, groups: 1 },
      { dt: '2026-01-11', request: 50, revenue: 3.75, groups: 1 },
    ]);
    // The same day again (twice): replaced, not added; the other day untouched.
    for (let i = 0; i < 2; i++) {
      await store.replaceDays(sdkFacts, ['2026-01-11'], chunks([row('2026-01-11', 5, 'k2', 7, '0.000007')]));
    }
    expect(await rollup()).toEqual([
      { dt: '2026-01-10', request: 10, revenue: 0.100001, groups: 1 },
      { dt: '2026-01-11', request: 7, revenue: 0.000007, groups: 1 },
    ]);
    // A day named without rows ends up empty.
    await store.replaceDays(sdkFacts, ['2026-01-10'], chunks());
    expect((await rollup()).map((r) => r.dt)).toEqual(['2026-01-11']);
    expect((await store.query('SELECT count() AS n FROM sdk_hourly'))[0]?.n).toBe(1);
    // No staging table is left behind.
    const stages = await store.query(
      "SELECT name FROM system.tables WHERE database = currentDatabase() AND name LIKE '%stage%'",
    );
    expect(stages).toEqual([]);
  });

  it('stops a query past its time limit and abandons an aborted one', async () => {
    await expect(store.query('SELECT sleep(2)', {}, { timeoutMs: 500 })).rejects.toThrow(/Timeout exceeded/);
    const abort = new AbortController();
    const pending = store.query('SELECT sleep(1)', {}, { signal: abort.signal });
    abort.abort();
    await expect(pending).rejects.toThrow(/abort/i);
    expect(await store.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });
});

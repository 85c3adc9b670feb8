import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateSdkFacts } from '../../demo/sdk-generator.ts';
import { openDuckDbStore } from './duckdb.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'report-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const apps = ['b-app', 'a-app', 'c-app'].map((app_key, i) => ({
  app_key,
  weight: 1 / (i + 1),
  placements: [{ placement_id: `${i}`, placement_name: 'Slot', ad_style: 2 }],
}));

describe('DuckDB report store', () => {
  it('releases the file on close: another process can open it and sees the data', async () => {
    const file = path.join(dir, 'release.duckdb');
    const store = await openDuckDbStore(file);
    const { hourlyRows } = await generateSdkFacts(store, { apps, days: 2, endDate: '20260101', seed: 1 });
    await store.close();
    await store.close(); // idempotent
    await expect(store.query('SELECT 1')).rejects.toThrow(/closed/);
    expect(existsSync(`${file}.wal`)).toBe(false);
    const script = `const { DuckDBInstance } = require('@duckdb/node-api');
      (async () => {
        const i = await DuckDBInstance.create(process.argv[1]);
        const c = await i.connect();
        const r = await c.runAndReadAll('SELECT count(*)::INTEGER AS n FROM sdk_hourly');
        process.stdout.write(String(r.getRowsJS()[0][0]));
        c.closeSync(); i.closeSync();
      })().catch((e) => { console.error(e.message); process.exit(1); });`;
    const out = execFileSync(process.execPath, ['-e', script, file], { cwd: import.meta.dirname });
    expect(Number(out.toString())).toBe(hourlyRows);
    const again = await openDuckDbStore(file);
    expect((await again.query('SELECT count(*) AS n FROM sdk_daily'))[0]?.n).toBeGreaterThan(0);
    await again.close();
  });

  it('stores facts sorted by (app_key, dt) in insertion order, so zone maps prune per publisher', async () => {
    const store = await openDuckDbStore(':memory:');
    await generateSdkFacts(store, { apps, days: 3, endDate: '20260101', seed: 2 });
    for (const table of ['sdk_hourly', 'sdk_daily']) {
      const [r] = await store.query(
        `SELECT count(*) FILTER (WHERE prev_key IS NOT NULL AND (app_key, dt) < (prev_key, prev_dt)) AS out_of_order, count(*) AS n
         FROM (SELECT app_key, dt, lag(app_key) OVER (ORDER BY rowid) AS prev_key,
                      lag(dt) OVER (ORDER BY rowid) AS prev_dt FROM ${table})`,
      );
      expect(r?.n).toBeGreaterThan(100);
      expect(r?.out_of_order).toBe(0);
    }
    await store.close();
  });

  it('binds parameters instead of interpolating them, and runs writes one at a time', async () => {
    const store = await openDuckDbStore(':memory:');
    const evil = "x' OR '1'='1";
    const rows = await store.query('SELECT $v AS v, $n + 1 AS n', { v: evil, n: 41 });
    expect(rows).toEqual([{ v: evil, n: 42 }]);
    const order: string[] = [];
    const slow = store.write(async (run) => {
      await run('CREATE TEMP TABLE t (i INTEGER)');
      await new Promise((r) => setTimeout(r, 30));
      await run('INSERT INTO t VALUES (1)');
      order.push('first');
    });
    const fast = store.write(async (_run, read) => {
      order.push('second');
      return read('SELECT count(*) AS n FROM t');
    });
    await slow;
    expect(await fast).toEqual([{ n: 1 }]);
    expect(order).toEqual(['first', 'second']);
    await store.close();
  });

  it('prepares a read statement once per connection and reuses it with new values', async () => {
    const store = await openDuckDbStore(':memory:');
    await generateSdkFacts(store, { apps, days: 2, endDate: '20260101', seed: 3 });
    const sql =
      'SELECT app_key, sum(request) AS r FROM sdk_daily WHERE list_contains($keys, app_key) GROUP BY app_key ORDER BY app_key';
    const before = store.statementStats?.();
    const a = await store.query(sql, { keys: ['a-app'] });
    const b = await store.query(sql, { keys: ['b-app', 'c-app'] });
    const streamed: unknown[] = [];
    for await (const chunk of store.stream(sql, { keys: ['c-app'] })) streamed.push(...chunk);
    const after = store.statementStats?.();
    expect(a.map((r) => r.app_key)).toEqual(['a-app']);
    expect(b.map((r) => r.app_key)).toEqual(['b-app', 'c-app']);
    expect(streamed).toEqual([b[1]]);
    // One connection served the three reads one after another: one prepare, two reuses.
    expect((after?.prepared ?? 0) - (before?.prepared ?? 0)).toBe(1);
    expect((after?.reused ?? 0) - (before?.reused ?? 0)).toBe(2);
    // A kept statement survives a write that replaces the table it reads (DuckDB binds it again).
    await store.write(async (run) => {
      await run('DELETE FROM sdk_daily WHERE app_key = $k', { k: 'b-app' });
    });
    expect((await store.query(sql, { keys: ['b-app', 'c-app'] })).map((r) => r.app_key)).toEqual(['c-app']);
    await store.close();
    // Every kept statement is destroyed before its connection closes.
    const closed = store.statementStats?.();
    expect(closed?.destroyed).toBe(closed?.prepared);
  });
});

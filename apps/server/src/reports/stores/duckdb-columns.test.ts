import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportResultRow, ReportStore } from '../store.ts';
import { openDuckDbStore } from './duckdb.ts';
import { COLUMN_SLICE_ROWS } from './duckdb-columns.ts';

let store: ReportStore;
beforeAll(async () => {
  store = await openDuckDbStore(':memory:');
});
afterAll(() => store.close());

/** Every row of `sql` through `streamColumns`, rebuilt as objects, and the chunks' sizes. */
async function viaColumns(sql: string, params?: Record<string, string>) {
  const rows: ReportResultRow[] = [];
  const sizes: number[] = [];
  for await (const c of (store.streamColumns as NonNullable<ReportStore['streamColumns']>)(sql, params)) {
    sizes.push(c.rowCount);
    for (const col of Object.values(c.columns)) expect(col).toHaveLength(c.rowCount);
    for (let i = 0; i < c.rowCount; i++)
      rows.push(Object.fromEntries(Object.entries(c.columns).map(([k, v]) => [k, v[i] ?? null])));
  }
  return { rows, sizes };
}

async function viaRows(sql: string) {
  const rows: ReportResultRow[] = [];
  for await (const chunk of store.stream(sql)) rows.push(...chunk);
  return rows;
}

// Cells of every type a report selects: exact money (DECIMAL(18,6) and its sums, DECIMAL(38,6)),
// 64-bit counts within and beyond 2^53, HUGEINT sums, dates, text in several scripts, ratios, NULLs.
const TYPED = `
  SELECT
    (DATE '2026-11-01' + (i % 40)::INTEGER) AS dt,
    (i % 24)::INTEGER AS hour,
    CASE i % 4 WHEN 0 THEN '游戏 🎮' WHEN 1 THEN 'Ünïcødé, "quoted"' WHEN 2 THEN '=1+2' ELSE NULL END AS name,
    (i * 1000003)::BIGINT AS request,
    CASE WHEN i % 7 = 0 THEN NULL ELSE (9007199254740990 + i)::BIGINT END AS big,
    sum(i::HUGEINT) OVER (ORDER BY i) AS running,
    (i * 123.456789)::DECIMAL(18, 6) AS revenue,
    (i * 98765432.123456)::DECIMAL(38, 6) AS wide_revenue,
    (i % 100 / 100.0)::DECIMAL(4, 2) AS small_dec,
    CASE WHEN i % 5 = 0 THEN NULL ELSE i / 3.0 END AS ratio,
    (i % 2 = 0) AS flag,
    TIMESTAMP '2026-11-01 10:00:00' + INTERVAL (i) SECOND AS at
  FROM range(5000) t(i)
  ORDER BY i`;

describe('DuckDB streamColumns', () => {
  it('reads the same rows and values as stream, chunk by chunk, for every type a report selects', async () => {
    const rows = await viaRows(TYPED);
    const { rows: cols, sizes } = await viaColumns(TYPED);
    expect(rows).toHaveLength(5000);
    expect(sizes.length).toBeGreaterThan(1);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(COLUMN_SLICE_ROWS);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(5000);
    expect(cols).toEqual(rows);
  });

  it('keeps money exact, 64-bit counts beyond 2^53 as digits, dates as yyyy-MM-dd, text and NULLs', async () => {
    const { rows } = await viaColumns(TYPED);
    const r7 = rows[7] as ReportResultRow;
    expect(r7.dt).toBe('2026-11-08');
    expect(r7.hour).toBe(7);
    expect(r7.name).toBeNull();
    expect(r7.request).toBe(7000021);
    expect(r7.big).toBeNull();
    expect(r7.revenue).toBe(864.197523);
    expect(String(r7.revenue)).toBe('864.197523');
    expect(r7.wide_revenue).toBe(691358024.864192);
    expect(r7.small_dec).toBe(0.07);
    expect(r7.flag).toBe(false);
    const r4 = rows[4] as ReportResultRow;
    expect(r4.name).toBe('游戏 🎮');
    expect(r4.big).toBe('9007199254740994');
    expect((rows[5] as ReportResultRow).ratio).toBeNull();
    expect(r4.ratio).toBeCloseTo(4 / 3, 12);
    expect((rows[1] as ReportResultRow).name).toBe('Ünïcødé, "quoted"');
    expect((rows[1] as ReportResultRow).big).toBe(9007199254740991);
    expect((rows[4999] as ReportResultRow).running).toBe(12497500);
    expect((rows[4999] as ReportResultRow).dt).toBe('2026-12-10');
  });

  it('writes dates outside years 1–9999 and a zero-row result as stream does', async () => {
    const odd = `SELECT d FROM (VALUES (DATE '0001-01-01'), (DATE '9999-12-31'), (DATE '1970-01-01'), (NULL::DATE)) t(d)`;
    expect((await viaColumns(odd)).rows).toEqual(await viaRows(odd));
    expect((await viaColumns(odd)).rows.map((r) => r.d)).toEqual([
      '0001-01-01',
      '9999-12-31',
      '1970-01-01',
      null,
    ]);
    const none = await viaColumns('SELECT 1 AS a WHERE false');
    expect(none.rows).toEqual([]);
  });

  it('binds parameters like stream', async () => {
    const { rows } = await viaColumns('SELECT $app AS app, 2::BIGINT AS n', { app: 'a-app' });
    expect(rows).toEqual([{ app: 'a-app', n: 2 }]);
  });
});

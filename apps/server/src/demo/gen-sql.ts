/**
 * Shared pieces of the deterministic demo generators (api-contract §7): hash-based uniforms, the
 * country tiers as a temp table, and "replace these days" writes that keep each rollup exact.
 */
import { dashed } from '@portal/contracts/report-dates.ts';
import { type FactTable, rollupSql } from '../reports/fact-tables.ts';
import type { ReportParams, WriteRunner } from '../reports/store.ts';
import { demoGeos, hourCurve, tierEcpm, tierFill } from './demo-geo.ts';

/** A uniform [0, 1) from `$seed` and the given SQL expressions (tags are constant literals). */
export function u(...parts: string[]): string {
  return `((hash($seed, ${parts.join(', ')}) % 1000003)::DOUBLE / 1000003.0)`;
}

/** Unbiased probabilistic rounding of `expected` (a count), seeded by `parts`. */
export function draw(expected: string, ...parts: string[]): string {
  return `floor((${expected}) + ${u(...parts)})::BIGINT`;
}

/** The days of `$start..$end` as CTE `days(dt)`. */
export const daysCte = `days AS (
  SELECT CAST(d AS DATE) AS dt FROM generate_series($start::DATE, $end::DATE, INTERVAL 1 DAY) t(d))`;

/** The hour curve as a SQL list and its sum: share of local hour h = list_extract(curve, h + 1) / sum. */
export const hourCurveSql = { list: `[${hourCurve.join(', ')}]`, sum: hourCurve.reduce((a, b) => a + b, 0) };

/** Weekly multiplier of a date expression (weekend bump). */
export const weekday = (dt: string) =>
  `CASE isodow(${dt}) WHEN 5 THEN 1.05 WHEN 6 THEN 1.16 WHEN 7 THEN 1.2 ELSE 1 END`;

/** Temp table gen_geo(geo, tier, weight, utc_offset, ecpm, fill) from demo-geo.ts. */
export async function createGeoTable(run: WriteRunner): Promise<void> {
  const rows = demoGeos
    .map(
      (g) => `('${g.geo}', ${g.tier}, ${g.weight}, ${g.utcOffset}, ${tierEcpm[g.tier]}, ${tierFill[g.tier]})`,
    )
    .join(', ');
  await run(
    `CREATE OR REPLACE TEMP TABLE gen_geo AS
     SELECT * FROM (VALUES ${rows}) v(geo, tier, weight, utc_offset, ecpm, fill)`,
  );
}

/** `{ start, end }` (yyyy-MM-dd) of the `days` days ending `endDate` (yyyyMMdd). */
export function rangeOf(endDate: string, days: number): { start: string; end: string } {
  if (!Number.isInteger(days) || days < 1) throw new Error('days must be a positive integer');
  const end = new Date(`${dashed(endDate)}T00:00:00Z`);
  const start = new Date(end.getTime() - (days - 1) * 86_400_000);
  return { start: start.toISOString().slice(0, 10), end: dashed(endDate) };
}

/** Deletes `$start..$end` from every table of `t` (params must hold start and end). */
export async function deleteDays(run: WriteRunner, t: FactTable, params: ReportParams): Promise<void> {
  for (const name of [t.hourly, t.daily]) {
    if (name) await run(`DELETE FROM ${name} WHERE dt BETWEEN $start::DATE AND $end::DATE`, params);
  }
}

/** Rebuilds the rollup of `t` over `$start..$end` (after its rows there were deleted). */
export async function rebuildRollup(run: WriteRunner, t: FactTable, params: ReportParams): Promise<void> {
  const sql = rollupSql(t);
  if (sql) await run(sql, { start: params.start ?? null, end: params.end ?? null });
}

/** Inserts `rows` of string/number cells into temp table `table` in parameterised batches. */
export async function insertRows(
  run: WriteRunner,
  table: string,
  rows: (string | number)[][],
  batch = 200,
): Promise<void> {
  for (let i = 0; i < rows.length; i += batch) {
    const params: ReportParams = {};
    const values = rows.slice(i, i + batch).map((r, j) => {
      const names = r.map((cell, k) => {
        params[`c${j}_${k}`] = cell;
        return `$c${j}_${k}`;
      });
      return `(${names.join(', ')})`;
    });
    await run(`INSERT INTO ${table} VALUES ${values.join(', ')}`, params);
  }
}

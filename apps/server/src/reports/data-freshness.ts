/**
 * How fresh a kind's facts are (issue 13 item 9, contracts `dataFreshness`): the latest day with facts
 * in the kind's table and, for an hourly kind, the latest hour loaded on that day. Two small
 * aggregates (the daily rollup's `max(dt)`, then `max(hour)` of one day), in either dialect.
 */
import type { FactTable } from './fact-tables.ts';
import { dialects } from './sql-dialect.ts';
import type { ReportStore } from './store.ts';

/** The latest facts: `dt` yyyy-MM-dd, `hour` 0–23 for an hourly kind. */
export type LatestFacts = { dt: string; hour?: number };

/**
 * The latest day (and hour) with facts in `table`, at most `notAfter` (yyyy-MM-dd: facts beyond the
 * reportable days do not count); null when there are none.
 * ClickHouse answers an empty `max(Date)` with 1970-01-01 where DuckDB answers NULL: both mean none.
 */
export async function latestFacts(
  store: Pick<ReportStore, 'query' | 'dialect'>,
  table: FactTable,
  notAfter: string,
): Promise<LatestFacts | null> {
  const d = dialects[store.dialect];
  const daily = table.daily ?? table.hourly;
  if (!daily) return null;
  const [row] = await store.query(
    `SELECT ${d.formatDate('max(dt)', '%Y-%m-%d')} AS dt FROM ${daily}
     WHERE dt <= ${d.param('until', 'DATE')}`,
    { until: notAfter },
  );
  const dt = row?.dt ? String(row.dt) : '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dt) || dt <= '2000-01-01') return null;
  if (!table.hourly) return { dt };
  const [h] = await store.query(
    `SELECT max(hour) AS hour FROM ${table.hourly} WHERE dt = ${d.param('dt', 'DATE')}`,
    { dt },
  );
  return { dt, hour: Number(h?.hour ?? 0) };
}

/** `data_until` text: `yyyy-MM-dd`, or `yyyy-MM-dd HH:00` with an hour. */
export function dataUntilText(latest: LatestFacts | null): string | undefined {
  if (!latest) return undefined;
  return latest.hour === undefined ? latest.dt : `${latest.dt} ${String(latest.hour).padStart(2, '0')}:00`;
}

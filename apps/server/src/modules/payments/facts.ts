/**
 * A statement's lines from the report facts (issue 23 item 1): per app of the organisation under the
 * profit centre, the month's impressions and revenue summed from the SDK daily rollup (exact sums of
 * the hourly facts, reports/fact-tables.ts) over the calendar month of REPORT_TIMEZONE, revenue summed
 * exactly by the store in micro-units, then rounded to the cent per line (money.ts).
 */
import type { StatementLine } from '@portal/contracts/payments.ts';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { apps } from '../../db/schema/inventory.ts';
import { dialects } from '../../reports/sql-dialect.ts';
import type { ReportStore } from '../../reports/store.ts';
import { monthDays, roundToCent } from './money.ts';

/** One organisation and profit centre with apps: what a month's statements are made for. */
export type StatementKey = { company_id: number; profit_center_id: number };

/** Every organisation and profit centre that has apps (one statement each per month). */
export async function statementKeys(db: Executor): Promise<StatementKey[]> {
  const rows = await db
    .selectDistinct({ company_id: apps.company_id, profit_center_id: apps.profit_center_id })
    .from(apps)
    .where(isNotNull(apps.profit_center_id));
  return rows.flatMap((r) =>
    r.profit_center_id === null ? [] : [{ company_id: r.company_id, profit_center_id: r.profit_center_id }],
  );
}

/** The lines of `key` for `month`, one per app (apps without facts: zero), sorted by app name. */
export async function computeLines(
  db: Executor,
  store: ReportStore,
  key: StatementKey,
  month: number,
): Promise<StatementLine[]> {
  const owned = await db
    .select({ app_key: apps.app_key, app_name: apps.app_name })
    .from(apps)
    .where(and(eq(apps.company_id, key.company_id), eq(apps.profit_center_id, key.profit_center_id)));
  if (owned.length === 0) return [];
  const d = dialects[store.dialect];
  const { first, last } = monthDays(month);
  const rows = await store.query(
    `SELECT app_key, sum(impression) AS impressions,
            CAST(sum(revenue) * 1000000 AS BIGINT) AS revenue_micros
     FROM sdk_daily
     WHERE dt >= ${d.param('first', 'DATE')} AND dt <= ${d.param('last', 'DATE')}
       AND ${d.inList('app_key', 'keys', 'VARCHAR')}
     GROUP BY app_key`,
    { first, last, keys: owned.map((a) => a.app_key) },
  );
  const sums = new Map(rows.map((r) => [String(r.app_key), r]));
  return owned
    .map((a) => {
      const s = sums.get(a.app_key);
      return {
        app_key: a.app_key,
        app_name: a.app_name,
        impressions: Number(s?.impressions ?? 0),
        revenue_micros: roundToCent(Number(s?.revenue_micros ?? 0)),
      };
    })
    .sort((x, y) => x.app_name.localeCompare(y.app_name) || x.app_key.localeCompare(y.app_key));
}

/** Sum of the lines' impressions and revenue. */
export function lineTotals(lines: readonly StatementLine[]): { impressions: number; revenue_micros: number } {
  return lines.reduce(
    (t, l) => ({
      impressions: t.impressions + l.impressions,
      revenue_micros: t.revenue_micros + l.revenue_micros,
    }),
    { impressions: 0, revenue_micros: 0 },
  );
}

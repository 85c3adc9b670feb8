/**
 * The comparison of a report list with an earlier period (contracts report-view.ts, issue 13 item 3),
 * expressed only as `ReportQuery` values over the same catalogue `QueryDef`: the compare period is the
 * same query with shifted dates, and the rows' comparison is that query restricted to the page's
 * dimension values. Whatever SQL dialect renders a `ReportQuery` renders the comparison too; nothing
 * here writes SQL.
 *
 * Rows are joined on their dimension values, a date dimension moved into the compare period
 * (`compareDay`), so the row of 2026-11-20 under "previous period" of a 7-day range reads 2026-11-13.
 */
import { type CompareMode, compareDay, compareRange, type DayRange } from '@portal/contracts/report-view.ts';
import { buildListSql, buildTotalSql, type QueryDef, type ReportQuery } from './query-builder.ts';
import type { ReportResultRow, ReportStore } from './store.ts';

export type CompareResult = {
  range: DayRange;
  /** Every metric of the kind over the compare period (same filters). */
  total: ReportResultRow;
  /** Per row of the page, by index: its shown metrics in the compare period; null without facts. */
  rows: (Record<string, number | null> | null)[];
};

/** `q` over the period `mode` compares it with: same dimensions, metrics and filters, no paging. */
export function compareQuery(q: ReportQuery, mode: CompareMode): ReportQuery {
  const { limit: _l, offset: _o, ...rest } = q;
  return { ...rest, ...compareRange(q, mode) };
}

const isDate = (def: QueryDef, field: string) => Boolean(def.dimensions[field]?.dateFormat);

/** A row's join key: its dimension values in order, date dimensions moved by `day`. */
function rowKey(def: QueryDef, q: ReportQuery, row: ReportResultRow, day: (d: string) => string): string {
  return JSON.stringify(
    q.dimensions.map((d) => (isDate(def, d) ? day(String(row[d] ?? '')) : (row[d] ?? null))),
  );
}

/**
 * The compare query of the page `rows`: each non-date dimension's stored column restricted to the
 * page's values (intersected with the filter already there), the dates narrowed to the page's days
 * moved into the compare period.
 */
export function pageCompareQuery(
  def: QueryDef,
  q: ReportQuery,
  mode: CompareMode,
  rows: ReportResultRow[],
): ReportQuery {
  const cq = compareQuery(q, mode);
  const filters = { ...cq.filters };
  for (const d of q.dimensions) {
    const dd = def.dimensions[d];
    if (!dd) continue;
    if (dd.dateFormat) {
      const days = rows.map((r) => compareDay(String(r[d]), q, mode).replaceAll('-', '')).sort();
      const first = days[0];
      const last = days[days.length - 1];
      if (first && last) Object.assign(cq, { start: first, end: last });
      continue;
    }
    const values = [...new Set(rows.map((r) => r[d]).filter((v): v is string | number => v !== null))];
    const had = filters[dd.column];
    filters[dd.column] = had ? values.filter((v) => had.includes(v)) : values;
  }
  return { ...cq, filters };
}

/** The compare period's totals (runs beside the page; needs no rows). */
export async function queryCompareTotal(
  store: Pick<ReportStore, 'query' | 'dialect'>,
  def: QueryDef,
  q: ReportQuery,
  mode: CompareMode,
): Promise<ReportResultRow> {
  const built = buildTotalSql(def, compareQuery(q, mode), store.dialect);
  return (await store.query(built.sql, built.params))[0] ?? {};
}

/** The compare period's values of each of the page `rows` (undecorated, as the store returned them). */
export async function queryCompareRows(
  store: Pick<ReportStore, 'query' | 'dialect'>,
  def: QueryDef,
  q: ReportQuery,
  mode: CompareMode,
  rows: ReportResultRow[],
): Promise<CompareResult['rows']> {
  if (!rows.length) return [];
  const cq = pageCompareQuery(def, q, mode, rows);
  const built = buildListSql(def, { ...cq, order: null }, store.dialect);
  const found = await store.query(built.sql, built.params);
  const byKey = new Map(found.map((r) => [rowKey(def, q, r, (d) => d), r]));
  return rows.map((r) => {
    const hit = byKey.get(rowKey(def, q, r, (d) => compareDay(d, q, mode)));
    if (!hit) return null;
    return Object.fromEntries(q.metrics.map((m) => [m, hit[m] === null ? null : Number(hit[m])]));
  });
}

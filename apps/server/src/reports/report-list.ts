/**
 * A report list (api-contract §8) straight from the report store: one page of grouped rows, the number
 * of groups and the totals row, for any kind. Used by the API and by the latency bench, so the bench
 * times exactly the statements the API runs.
 */
import {
  buildCountSql,
  buildPageSql,
  buildTotalSql,
  COUNT_COLUMN,
  type QueryDef,
  type ReportQuery,
  TOTAL_PREFIX,
} from './query-builder.ts';
import type { ReportResultRow, ReportStore } from './store.ts';

export type ReportListResult = { rows: ReportResultRow[]; count: number; total: ReportResultRow };

/**
 * Runs the page statement, which carries count and totals from the same scan; only a page with no
 * rows (past the end, or no facts) costs the separate count and totals statements.
 */
export async function queryReportList(
  store: Pick<ReportStore, 'query' | 'dialect'>,
  def: QueryDef,
  q: ReportQuery,
): Promise<ReportListResult> {
  const page = buildPageSql(def, q, store.dialect);
  const found = await store.query(page.sql, page.params);
  const first = found[0];
  if (!first) {
    const n = buildCountSql(def, q, store.dialect);
    const total = buildTotalSql(def, q, store.dialect);
    const [countRows, totalRows] = await Promise.all([
      store.query(n.sql, n.params),
      store.query(total.sql, total.params),
    ]);
    return { rows: [], count: Number(countRows[0]?.n ?? 0), total: totalRows[0] ?? {} };
  }
  const total: ReportResultRow = {};
  for (const [k, v] of Object.entries(first)) {
    if (k.startsWith(TOTAL_PREFIX)) total[k.slice(TOTAL_PREFIX.length)] = v;
  }
  const rows = found.map((r) => {
    const row: ReportResultRow = {};
    for (const [k, v] of Object.entries(r)) {
      if (k !== COUNT_COLUMN && !k.startsWith(TOTAL_PREFIX)) row[k] = v;
    }
    return row;
  });
  return { rows, count: Number(first[COUNT_COLUMN]), total };
}

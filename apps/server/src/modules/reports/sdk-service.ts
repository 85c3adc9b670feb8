/**
 * The SDK report list (api-contract §8): one page of rows grouped by the requested dimensions, the
 * number of such rows and a totals row over the whole filter, restricted to the caller's scope.
 */
import type { ReportListData, ReportRow } from '@portal/contracts/reports.ts';
import type { FastifyInstance } from 'fastify';
import {
  buildSdkCountSql,
  buildSdkListSql,
  buildSdkTotalSql,
  type SdkQuery,
} from '../../reports/sdk-query.ts';
import type { ReportResultRow } from '../../reports/store.ts';
import { type AppKeyScope, appNames, scopedAppKeys } from '../permission/scope.ts';
import type { ParsedSdkQuery } from './sdk-params.ts';

/** Runs a parsed query within `scope`; rows carry `app_name` when `app_key` is a dimension. */
export async function sdkReportList(
  app: FastifyInstance,
  parsed: ParsedSdkQuery,
  scope: AppKeyScope,
): Promise<ReportListData> {
  const { requestedAppKeys, ...rest } = parsed;
  const query: SdkQuery = { ...rest, appKeys: scopedAppKeys(scope, requestedAppKeys) };
  const list = buildSdkListSql(query);
  const count = buildSdkCountSql(query);
  const total = buildSdkTotalSql(query);
  const [rows, countRows, totalRows] = await Promise.all([
    app.reportStore.query(list.sql, list.params),
    app.reportStore.query(count.sql, count.params),
    app.reportStore.query(total.sql, total.params),
  ]);
  const out: ReportRow[] = rows.map(plain);
  if (query.dimensions.includes('app_key')) {
    const names = await appNames(
      app.db,
      out.map((r) => String(r.app_key)),
    );
    for (const r of out) r.app_name = names.get(String(r.app_key)) ?? null;
  }
  return { list: out, count: Number(countRows[0]?.n ?? 0), total: plain(totalRows[0] ?? {}) };
}

function plain(row: ReportResultRow): ReportRow {
  const out: ReportRow = {};
  for (const [k, v] of Object.entries(row)) out[k] = typeof v === 'boolean' ? Number(v) : v;
  return out;
}

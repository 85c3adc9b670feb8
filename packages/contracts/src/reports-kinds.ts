/**
 * Report kinds and what is shared across them (spec §7 Reports, api-contract §8): the
 * `stat_column/{kind}` catalogues, the trend endpoint (beyond the spec: the chart above each report)
 * and the export file naming. The per-kind tables here are derived from the report registry
 * (report-registry/index.ts), one declaration per kind.
 *
 * Endpoints per kind (all need a session; 402 when the report is not permitted to the caller, the
 * same rule that builds the menu; 601 pending membership; 604 bad parameters or date rules):
 * - sdk: `GET /v1/report/list/sdk`, `/v1/report/export/sdk` (reports.ts `sdkListQuery` + `format`)
 * - rtb: `/v1/report/list/rtb`, `/v1/report/export/rtb`
 * - affiliate: `/v1/report/list/affiliate`, `/v1/report/export/affiliate`, and its Reject Detail
 *   `/v1/report/list/affiliate/reject`, `/v1/report/export/affiliate/reject` (reports-affiliate.ts)
 * - game: `/v1/report/list/game/sdk`, `/v1/report/list/game/sdk/export`,
 *   `/v1/report/list/game/sdk/app` (reports-game.ts)
 * - gx: `GET /gx/report/list`, no export
 * (the list and export queries of the kinds that declare theirs: reports-declared.ts)
 * - `GET /v1/report/stat_column/{kind}` for sdk, rtb, affiliate, game, gx
 * - `GET /v1/report/trend/{kind}` for sdk, rtb, affiliate, game, gx
 *
 * Exports answer a file (not the envelope) on success: XLSX
 * (`application/vnd.openxmlformats-officedocument.spreadsheetml.sheet`) or CSV (`text/csv;
 * charset=utf-8`, with a BOM), `Content-Disposition: attachment; filename="<ascii>";
 * filename*=UTF-8''<percent-encoded>` (RFC 6266/5987); errors answer the usual JSON envelope.
 * Columns are the shown fields in order (with `app_name` after `app_key` where the list has it),
 * headed by `titles` (comma-joined; missing ones fall back to the catalogue title in the caller's
 * language). Cells hold raw values: rates as ratios, money in USD.
 */
import { z } from 'zod';
import { type Bilingual, type CatalogueField, catalogueOf } from './report-registry/define-report.ts';
import { kindsWhere, type ReportKind, reportKinds, reportRegistry } from './report-registry/index.ts';
import { sdkListQuery } from './reports.ts';
import { exportParams } from './reports-columns.ts';

export { type ReportKind, reportKinds };

/** A record by kind of what `of` derives from each kind's declaration. */
function byKind<T>(of: (kind: ReportKind) => T): Record<ReportKind, T> {
  return Object.fromEntries(reportKinds.map((k) => [k, of(k)])) as Record<ReportKind, T>;
}

/** `{kind}` of `/v1/report/stat_column/{kind}` and `/v1/report/trend/{kind}`. */
export const reportKindParams = z.object({ kind: z.enum(reportKinds) });

/**
 * The trend's query: `metric` (see `trendParams`; checked by the route, so a missing one answers 604
 * naming it) and the kind's list filters as sent, checked by the kind's own list schema. Declared as an
 * object with a catch-all rather than a record so that the OpenAPI document lists `metric` as the
 * parameter it is (a record has no properties to list).
 */
export const trendQuery = z.object({ metric: z.string().optional() }).catchall(z.string());

/**
 * Kinds whose facts are kept by the hour (issue 13 item 9): their reporting day follows the user's
 * time zone (user_info `timezone`); the others' days are the network's (`network_timezone`).
 */
export const hourlyReportKinds: ReadonlySet<ReportKind> = new Set(
  kindsWhere((d) => d.facts.grain === 'hourly'),
);

/** The catalogue behind `GET /v1/report/stat_column/{kind}`, from each kind's declaration. */
export const reportCatalogues: Record<ReportKind, CatalogueField[]> = byKind((k) =>
  catalogueOf(reportRegistry[k]),
);

/** Local-storage keys of saved column choices (spec §2); none for a kind that shows every field. */
export const reportColumnStorageKeys: Partial<Record<ReportKind, string>> = Object.fromEntries(
  reportKinds.flatMap((k) => {
    const key = reportRegistry[k].columnsKey;
    return key ? [[k, key]] : [];
  }),
);

/**
 * `GET /v1/report/trend/{kind}`: the kind's list query (dates, filters, `db_source`, `preset`,
 * `compare`; fields, order and paging are ignored) plus `metric`, one metric field of the kind's
 * catalogue or several comma-joined (at most 6). Same scope and date rules as the list.
 */
export const trendParams = z.object({ metric: z.string() });

/**
 * Trend data: one point per day of the range, oldest first, days without facts as 0. `dt` is
 * yyyyMMdd for every kind; `value` is the (first) metric over that day's rows (rates as ratios of the
 * day's sums). With several metrics `values` holds each by field; with `compare` (report-view.ts)
 * `compare_dt` is the day moved into the compare period and `compare_values` every metric on it.
 */
export const trendData = z.array(
  z.object({
    dt: z.string(),
    value: z.number(),
    values: z.record(z.string(), z.number()).optional(),
    compare_dt: z.string().optional(),
    compare_values: z.record(z.string(), z.number()).optional(),
  }),
);
export type TrendData = z.infer<typeof trendData>;

/**
 * Base of export file names per kind (each kind's declaration; the server appends
 * `_<start>-<end>.<ext>`); `affiliate` is the older Affiliate report (`db_source=affiliate_2023`), `new_affiliate` New Affiliate
 * (`affiliate_2024`): their files differ (api-contract §10).
 */
export const exportFileNames: Record<ReportKind | 'new_affiliate' | 'affiliate_reject', Bilingual> = {
  ...byKind((k) => reportRegistry[k].fileName),
  new_affiliate: { zh: '新联盟报表', en: 'new-affiliate-report' },
  affiliate_reject: { zh: '拒绝明细', en: 'reject-detail' },
};

/** `GET /v1/report/export/sdk`: the SDK list query without paging, plus `format`. */
export const sdkExportQuery = sdkListQuery.omit({ page_index: true, page_size: true }).extend(exportParams);
export type SdkExportQuery = z.infer<typeof sdkExportQuery>;

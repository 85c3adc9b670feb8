/**
 * Report kinds and what is shared across them (spec §7 Reports, api-contract §8): the
 * `stat_column/{kind}` catalogues, the trend endpoint (beyond the spec: the chart above each report)
 * and the export file naming.
 *
 * Endpoints per kind (all need a session; 402 when the report is not permitted to the caller, the
 * same rule that builds the menu; 601 pending membership; 604 bad parameters or date rules):
 * - sdk: `GET /v1/report/list/sdk`, `/v1/report/export/sdk` (reports.ts `sdkListQuery` + `format`)
 * - rtb: `/v1/report/list/rtb`, `/v1/report/export/rtb` (reports-rtb.ts)
 * - affiliate: `/v1/report/list/affiliate`, `/v1/report/export/affiliate`,
 *   `/v1/report/list/affiliate/reject`, `/v1/report/export/affiliate/reject` (reports-affiliate.ts)
 * - game: `/v1/report/list/game/sdk`, `/v1/report/list/game/sdk/export`,
 *   `/v1/report/list/game/sdk/app` (reports-game.ts)
 * - gx: `GET /gx/report/list` (reports-gx.ts), no export
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
import { type CatalogueField, sdkCatalogue, sdkListQuery } from './reports.ts';
import { affiliateCatalogue } from './reports-affiliate.ts';
import { exportParams } from './reports-columns.ts';
import { gameCatalogue } from './reports-game.ts';
import { gxCatalogue } from './reports-gx.ts';
import { rtbCatalogue } from './reports-rtb.ts';

export const reportKinds = ['sdk', 'rtb', 'affiliate', 'game', 'gx'] as const;
export type ReportKind = (typeof reportKinds)[number];

/** `{kind}` of `/v1/report/stat_column/{kind}` and `/v1/report/trend/{kind}`. */
export const reportKindParams = z.object({ kind: z.enum(reportKinds) });

/** The trend's query: the kind's list filters as sent, checked by the kind's own list schema. */
export const trendQuery = z.record(z.string(), z.string());

/**
 * Kinds whose facts are kept by the hour (issue 13 item 9): their reporting day follows the user's
 * time zone (user_info `timezone`); the others' days are the network's (`network_timezone`).
 */
export const hourlyReportKinds: ReadonlySet<ReportKind> = new Set<ReportKind>(['sdk', 'affiliate']);

/** The catalogue behind `GET /v1/report/stat_column/{kind}`. */
export const reportCatalogues: Record<ReportKind, CatalogueField[]> = {
  sdk: sdkCatalogue,
  rtb: rtbCatalogue,
  affiliate: affiliateCatalogue,
  game: gameCatalogue,
  gx: gxCatalogue,
};

/** Local-storage keys of saved column choices (spec §2). */
export const reportColumnStorageKeys = {
  sdk: 'sdkReportColumns',
  rtb: 'rtbReportColumns',
  affiliate: 'affiliteReportColumns',
  game: 'gameReportColumns',
} as const;

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
 * Base of export file names per kind (the server appends `_<start>-<end>.<ext>`); `affiliate` is the
 * older Affiliate report (`db_source=affiliate_2023`), `new_affiliate` New Affiliate
 * (`affiliate_2024`): their files differ (api-contract §10).
 */
export const exportFileNames: Record<
  ReportKind | 'new_affiliate' | 'affiliate_reject',
  { zh: string; en: string }
> = {
  sdk: { zh: 'SDK报表', en: 'sdk-report' },
  rtb: { zh: 'RTB报表', en: 'rtb-report' },
  affiliate: { zh: '联盟报表', en: 'affiliate-report' },
  new_affiliate: { zh: '新联盟报表', en: 'new-affiliate-report' },
  affiliate_reject: { zh: '拒绝明细', en: 'reject-detail' },
  game: { zh: '游戏中心报表', en: 'game-report' },
  gx: { zh: '应用报表', en: 'app-report' },
};

/** `GET /v1/report/export/sdk`: the SDK list query without paging, plus `format`. */
export const sdkExportQuery = sdkListQuery.omit({ page_index: true, page_size: true }).extend(exportParams);
export type SdkExportQuery = z.infer<typeof sdkExportQuery>;

/**
 * RTB report (spec §2, §3 Report rows, §7; api-contract §8): catalogue, list query, defaults.
 * Rows: `dt` yyyyMMdd; `app_key`, `placement_id`, `placement_name`, `country` strings; `placement_type`
 * number (AdStyle 1, 2, 3, 6); counters integers; `fill_rate` = response/request, `win_rate` =
 * winning_bid/response, `impression_rate` = impression/response, `ctr` = click/impression, `ecpm` =
 * revenue × 1000 / impression (ratios, 0.1234 = 12.34 %; a ratio over zero is 0); money in USD.
 * Scope: RTB channels (data permission type 4 for members, the organisation's channels for role 67,
 * all for role 70). Answers `data: { list, count, total }` (reportListData of reports.ts).
 */
import { z } from 'zod';
import { type CatalogueField, catalogueOf, defaultsOf } from './report-registry/define-report.ts';
import { rtbReport } from './report-registry/rtb.ts';
import { exportParams, listParams, pageParamsOf } from './reports-columns.ts';

/** RTB fields in display order, from its declaration (report-registry/rtb.ts). */
export const rtbCatalogue: CatalogueField[] = catalogueOf(rtbReport);

/** Default RTB columns when nothing is saved under `rtbReportColumns`. */
export const rtbDefaultFields: string[] = defaultsOf(rtbReport);

/**
 * `GET /v1/report/list/rtb` query. `channel`: one RTB network name from
 * `/v1/user/channels?publisher_type=2` (single, spec §2); `placement_id`, `placement_name`, `country`
 * (ISO alpha-2), `app_key`: comma lists. Default order dt desc.
 */
export const rtbListQuery = z.object({
  ...listParams,
  ...pageParamsOf(rtbReport.pageSize),
  channel: z.string().optional(),
  app_key: z.string().optional(),
  placement_id: z.string().optional(),
  placement_name: z.string().optional(),
  country: z.string().optional(),
});
export type RtbListQuery = z.infer<typeof rtbListQuery>;

/** `GET /v1/report/export/rtb`: the list query without paging, plus `format`. */
export const rtbExportQuery = rtbListQuery.omit({ page_index: true, page_size: true }).extend(exportParams);
export type RtbExportQuery = z.infer<typeof rtbExportQuery>;

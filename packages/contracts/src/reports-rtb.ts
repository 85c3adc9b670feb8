/**
 * RTB report (spec §2, §3 Report rows, §7; api-contract §8): catalogue and defaults.
 * Rows: `dt` yyyyMMdd; `app_key`, `placement_id`, `placement_name`, `country` strings; `placement_type`
 * number (AdStyle 1, 2, 3, 6); counters integers; `fill_rate` = response/request, `win_rate` =
 * winning_bid/response, `impression_rate` = impression/response, `ctr` = click/impression, `ecpm` =
 * revenue × 1000 / impression (ratios, 0.1234 = 12.34 %; a ratio over zero is 0); money in USD.
 * Scope: RTB channels (data permission type 4 for members, the organisation's channels for role 67,
 * all for role 70). Answers `data: { list, count, total }` (reportListData of reports.ts). The list
 * and export queries follow from the declaration (reports-declared.ts, endpoints/reports.ts): `channel`
 * one RTB network (single, spec §2), `app_key`, `placement_id`, `placement_name`, `country` comma lists.
 */
import { type CatalogueField, catalogueOf, defaultsOf } from './report-registry/define-report.ts';
import { rtbReport } from './report-registry/rtb.ts';

/** RTB fields in display order, from its declaration (report-registry/rtb.ts). */
export const rtbCatalogue: CatalogueField[] = catalogueOf(rtbReport);

/** Default RTB columns when nothing is saved under `rtbReportColumns`. */
export const rtbDefaultFields: string[] = defaultsOf(rtbReport);

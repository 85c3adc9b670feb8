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
import type { CatalogueField } from './reports.ts';
import { dim, exportParams, listParams, metric, pageParams } from './reports-columns.ts';

/** RTB fields in display order. */
export const rtbCatalogue: CatalogueField[] = [
  dim('dt', 'date', '日期', 'Date'),
  dim('app_key', 'string', '应用', 'App'),
  dim('placement_id', 'string', '广告位 ID', 'Placement ID'),
  dim('placement_name', 'string', '广告位名称', 'Placement name'),
  dim('placement_type', 'string', '广告类型', 'Ad style'),
  dim('country', 'string', '国家/地区', 'Country'),
  metric('request', 'int', '请求数', 'Requests'),
  metric('response', 'int', '填充数', 'Responses'),
  metric('fill_rate', 'percent', '填充率', 'Fill rate'),
  metric('winning_bid', 'int', '竞价成功数', 'Winning bids'),
  metric('win_rate', 'percent', '竞价成功率', 'Win rate'),
  metric('impression', 'int', '展示数', 'Impressions'),
  metric('impression_rate', 'percent', '展示率', 'Impression rate'),
  metric('click', 'int', '点击数', 'Clicks'),
  metric('ctr', 'percent', '点击率', 'CTR'),
  metric('revenue', 'money', '收入 ($)', 'Revenue ($)'),
  metric('ecpm', 'money', 'eCPM ($)', 'eCPM ($)'),
];

/** Default RTB columns when nothing is saved under `rtbReportColumns`. */
export const rtbDefaultFields = [
  'dt',
  'app_key',
  'request',
  'response',
  'fill_rate',
  'winning_bid',
  'win_rate',
  'impression',
  'revenue',
  'ecpm',
];

/**
 * `GET /v1/report/list/rtb` query. `channel`: one RTB network name from
 * `/v1/user/channels?publisher_type=2` (single, spec §2); `placement_id`, `placement_name`, `country`
 * (ISO alpha-2), `app_key`: comma lists. Default order dt desc.
 */
export const rtbListQuery = z.object({
  ...listParams,
  ...pageParams,
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

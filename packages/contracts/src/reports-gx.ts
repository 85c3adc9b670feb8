/**
 * App report (spec §2, §3, §7; api-contract §8): `GET /gx/report/list`, for members of the companies
 * in APP_REPORT_COMPANY_IDS; no export, no custom columns (every field is always shown), page size 50.
 *
 * Rows: `dt` yyyy-MM-dd; `pkg_name`, `ad_placement_id`, `geo` strings; `ad_format` number (AdStyle
 * 1, 2, 3, 6); `request`, `fill`, `imp`, `click` integers; `fill_rate` = fill/request, `imp_rate` =
 * imp/fill, `ctr` = click/imp, `ecpm` = revenue × 1000 / imp; money in USD. Scope: the caller's SDK apps.
 */
import { z } from 'zod';
import { GX_PAGE_SIZE } from './constants.ts';
import { viewParams } from './report-view.ts';
import type { CatalogueField } from './reports.ts';
import { dim, metric } from './reports-columns.ts';

/** App report fields in display order (all shown). */
export const gxCatalogue: CatalogueField[] = [
  dim('dt', 'date', '日期', 'Date'),
  dim('pkg_name', 'string', '包名', 'Package name'),
  dim('ad_placement_id', 'string', '广告位 ID', 'Placement ID'),
  dim('ad_format', 'string', '广告类型', 'Ad format'),
  dim('geo', 'string', '国家/地区', 'Country'),
  metric('request', 'int', '请求数', 'Requests'),
  metric('fill', 'int', '填充数', 'Fills'),
  metric('fill_rate', 'percent', '填充率', 'Fill rate'),
  metric('imp', 'int', '展示数', 'Impressions'),
  metric('imp_rate', 'percent', '展示率', 'Impression rate'),
  metric('click', 'int', '点击数', 'Clicks'),
  metric('ctr', 'percent', '点击率', 'CTR'),
  metric('revenue', 'money', '收入 ($)', 'Revenue ($)'),
  metric('ecpm', 'money', 'eCPM ($)', 'eCPM ($)'),
];

/**
 * `GET /gx/report/list` query: `start_date`, `end_date` yyyy-MM-dd (same date rules as the other
 * reports); `pkg_name`, `placement_id`, `placement_type` (ad formats 1, 2, 3, 6), `country` comma
 * lists; `order` `field:asc|desc` (default dt desc); `page_no` from 1, `page_size` default 50.
 * Answers `data: { list, count, total }` like the other lists.
 */
export const gxListQuery = z.object({
  start_date: z.string().default(''),
  end_date: z.string().default(''),
  ...viewParams,
  pkg_name: z.string().optional(),
  placement_id: z.string().optional(),
  placement_type: z.string().optional(),
  country: z.string().optional(),
  order: z.string().optional(),
  page_no: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(1000).default(GX_PAGE_SIZE),
});
export type GxListQuery = z.infer<typeof gxListQuery>;

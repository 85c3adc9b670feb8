/**
 * App report (spec §2, §3, §7; api-contract §8): `GET /gx/report/list`, for members of the companies
 * in APP_REPORT_COMPANY_IDS; no export, no custom columns (every field is always shown), page size 50.
 *
 * Rows: `dt` yyyy-MM-dd; `pkg_name`, `ad_placement_id`, `geo` strings; `ad_format` number (AdStyle
 * 1, 2, 3, 6); `request`, `fill`, `imp`, `click` integers; `fill_rate` = fill/request, `imp_rate` =
 * imp/fill, `ctr` = click/imp, `ecpm` = revenue × 1000 / imp; money in USD. Scope: the caller's SDK apps.
 *
 * Query (from the declaration: reports-declared.ts, endpoints/reports.ts): `start_date`, `end_date`
 * yyyy-MM-dd; `pkg_name`, `placement_id`, `placement_type` (ad formats 1, 2, 3, 6), `country` comma
 * lists; `order` `field:asc|desc` (default dt desc); `page_no` from 1, `page_size` default 50.
 */
import { type CatalogueField, catalogueOf } from './report-registry/define-report.ts';
import { gxReport } from './report-registry/gx.ts';

/** App report fields in display order (all shown), from its declaration (report-registry/gx.ts). */
export const gxCatalogue: CatalogueField[] = catalogueOf(gxReport);

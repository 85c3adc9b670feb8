/**
 * Affiliate reports (spec §2, §3, §4, §7; api-contract §8): the older Affiliate report
 * (`db_source=affiliate_2023`, dates from 2023-07-25) and New Affiliate (`affiliate_2024`, from
 * 2024-01-01) share one catalogue, query and row shape; only the fact source and earliest date differ.
 *
 * Rows: `dt` yyyyMMdd, `hour` 0–23, `channel`, `sub_channel`, `offer_id`, `pkg_name`, `geo` strings;
 * `click`, `conversion`, `reject` integers; `cvr` = conversion/click (ratio, 0 over zero clicks);
 * `revenue` USD. Default order dt desc, else hour desc; an order on a field not shown is dropped
 * (spec §4). Scope: affiliate channels (data permission type 5 for members; the organisation's
 * channels for role 67; all for role 70). Answers `data: { list, count, total }`.
 */
import { z } from 'zod';
import { affiliateReport } from './report-registry/affiliate.ts';
import { type CatalogueField, catalogueOf, defaultsOf } from './report-registry/define-report.ts';
import { dim, exportParams, metric } from './reports-columns.ts';

/** Fact sources of the affiliate kind (spec §7 `db_source`). */
export const affiliateDbSources = ['affiliate_2023', 'affiliate_2024'] as const;
export type AffiliateDbSource = (typeof affiliateDbSources)[number];

/** Earliest query date per source, yyyyMMdd (spec §5, §9), from the declaration (report-registry/affiliate.ts). */
export const affiliateEarliest = affiliateReport.facts.earliest as Record<AffiliateDbSource, string>;

/** Affiliate fields in display order, from its declaration (report-registry/affiliate.ts). */
export const affiliateCatalogue: CatalogueField[] = catalogueOf(affiliateReport);

/** Default affiliate columns when nothing is saved under `affiliteReportColumns` (spec §4). */
export const affiliateDefaultFields: string[] = defaultsOf(affiliateReport);

/**
 * The list's filters as the Reject Detail takes them (the list and export queries themselves follow
 * from the declaration: reports-declared.ts, endpoints/reports.ts).
 */
const affiliateFilters = {
  /** `affiliate_2023` (default) or `affiliate_2024`. */
  db_source: z.enum(affiliateDbSources).default('affiliate_2023'),
  /** Comma lists: several channels, offer ids, package names, countries (ISO alpha-2). */
  channel: z.string().optional(),
  offer_id: z.string().optional(),
  pkg_name: z.string().optional(),
  geo: z.string().optional(),
};

/**
 * `GET /v1/report/list/affiliate/reject` (Reject Detail dialog, spec §2): the clicked row's values.
 * `dt` one day `yyyyMMdd` or a range `yyyyMMdd,yyyyMMdd` (when the row is not split by date);
 * `hour` 0–23 and `sub_channel` exact values when the row shows them; `channel`, `offer_id`,
 * `pkg_name`, `geo` comma lists (the row's value, or the list's filter). Same scope and date rules
 * as the list. `titles` (two, comma-joined) and `format` only matter to the export.
 */
export const affiliateRejectQuery = z.object({
  dt: z.string(),
  hour: z.coerce.number().int().min(0).max(23).optional(),
  sub_channel: z.string().optional(),
  titles: z.string().optional(),
  ...affiliateFilters,
});
export type AffiliateRejectQuery = z.infer<typeof affiliateRejectQuery>;

/** `GET /v1/report/export/affiliate/reject`. */
export const affiliateRejectExportQuery = affiliateRejectQuery.extend(exportParams);

/** A Reject Detail row (spec §3): reasons by count descending. */
export const rejectRow = z.object({ reject_reason: z.string(), reject_num: z.number().int() });
export type RejectRow = z.infer<typeof rejectRow>;

/** Reject Detail data: every reason (no paging), `count` reasons, `total.reject_num` their sum. */
export const rejectListData = z.object({
  list: z.array(rejectRow),
  count: z.number().int(),
  total: z.object({ reject_num: z.number().int() }),
});
export type RejectListData = z.infer<typeof rejectListData>;

/** Columns of the Reject Detail table and its export. */
export const rejectCatalogue: CatalogueField[] = [
  dim('reject_reason', 'string', '拒绝原因', 'Reject reason', false),
  metric('reject_num', 'int', '拒绝数', 'Rejects', false),
];

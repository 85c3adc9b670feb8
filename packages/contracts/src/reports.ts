/**
 * Report wire shapes of api-contract §8 and the SDK report's field catalogue (spec §3 Report rows).
 * The catalogue is derived from the SDK declaration of the report registry (report-registry/sdk.ts),
 * as the server's SQL and `stat_column` and the web's formats are.
 */
import { z } from 'zod';
import {
  type CatalogueField,
  catalogueOf,
  defaultsOf,
  type FileType,
} from './report-registry/define-report.ts';
import { sdkReport } from './report-registry/sdk.ts';
import { compareListData, viewParams } from './report-view.ts';

/** One column descriptor of `GET /v1/report/stat_column/{kind}`; `type` 1 dimension, 2 metric. */
export const statColumn = z.object({
  field: z.string(),
  title: z.string(),
  type: z.union([z.literal(1), z.literal(2)]),
  file_type: z.enum(['date', 'hour', 'string', 'int', 'percent', 'money']),
  sortable: z.boolean(),
});
export type StatColumn = z.infer<typeof statColumn>;

/** A catalogue entry: a stat column with both language titles (report-registry/define-report.ts). */
export type { CatalogueField, FileType };

/** SDK report fields in display order (spec §3), from its declaration (report-registry/sdk.ts). */
export const sdkCatalogue: CatalogueField[] = catalogueOf(sdkReport);

/** Default SDK columns when nothing is saved under `sdkReportColumns`. */
export const sdkDefaultFields: string[] = defaultsOf(sdkReport);

/**
 * `GET /v1/report/list/sdk` query (spec §7 Reports). Lists are comma-joined strings on the wire.
 * `placement_type` filters by ad style; `country` by geo (ISO 3166-1 alpha-2).
 */
export const sdkListQuery = z.object({
  dt: z.string().default(''),
  ...viewParams,
  fields: z.string().optional(),
  titles: z.string().optional(),
  order: z.string().optional(),
  page_index: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(1000).default(sdkReport.pageSize),
  app_key: z.string().optional(),
  placement_id: z.string().optional(),
  placement_type: z.string().optional(),
  country: z.string().optional(),
});
export type SdkListQuery = z.infer<typeof sdkListQuery>;

/**
 * A report row keyed by field. SDK rows: `dt` yyyyMMdd string, `hour` number 0–23, `ad_style` number
 * (AdStyle), `app_key`/`placement_id`/`placement_name`/`geo` strings; counters integers; rates ratios
 * (0.1234 = 12.34 %) and revenue/eCPM in USD, rounded to 6 decimals. When `app_key` is a dimension the
 * row also carries `app_name` (null for a key unknown to the accounts store); so do RTB rows.
 */
export type ReportRow = Record<string, string | number | null>;

/**
 * Server-side 604 field messages of the report list (api-contract §8). The order rule: `order` must
 * name a catalogue field with `asc` or `desc` (else 604); a valid field that is not among `fields` is
 * ignored and the default order applies (dt desc, then hour desc), as the client does (spec §4).
 */
export const reportParamText = {
  unknown_field: { zh: '未知字段：{value}', en: 'Unknown field: {value}' },
  bad_order: { zh: '排序格式应为 字段:asc|desc', en: 'Order must be field:asc or field:desc' },
  bad_value: { zh: '无效的取值：{value}', en: 'Invalid value: {value}' },
} as const;

/**
 * How fresh a kind's facts are (issue 13 item 9), on every list answer: `data_until` is the latest
 * reporting day with facts of the kind, `yyyy-MM-dd`, with ` HH:00` (the last hour loaded on that
 * day) for hourly kinds (SDK, affiliate); never after the caller's yesterday; absent when the kind
 * has no facts yet.
 */
export const dataFreshness = {
  data_until: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:00)?$/)
    .optional(),
};

/** `GET /v1/report/list/{kind}` data (api-contract §8), with the comparison of report-view.ts. */
export const reportListData = z.object({
  list: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
  count: z.number().int(),
  total: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  ...compareListData,
  ...dataFreshness,
});
export type ReportListData = z.infer<typeof reportListData>;

/** `GET /v1/user/channels` query: publisher_type 1 SDK, 2 RTB, 3 affiliate (spec §6). */
export const channelsQuery = z.object({ publisher_type: z.coerce.number().int().min(1).max(3).default(1) });

/**
 * `GET /v1/user/channels` item (spec §3 Channel). publisher_type 1: a visible SDK app, `name` the app
 * name, `value` the app key; 2 and 3: an RTB network or affiliate channel of the caller, as
 * `{ app_name: name, name, value: name }` (no app_key or package).
 */
export const channel = z.object({
  app_key: z.string().optional(),
  app_name: z.string(),
  package_name: z.string().optional(),
  name: z.string(),
  value: z.string(),
});
export type Channel = z.infer<typeof channel>;

/** `GET /common/country` item (spec §3 Country). */
export const country = z.object({ country_code: z.string(), country_name: z.string() });
export type Country = z.infer<typeof country>;

/**
 * Report wire shapes of api-contract §8 and the SDK report's field catalogue (spec §3 Report rows).
 * The catalogue is shared: the server derives SQL and `stat_column` from it, the web its formats.
 */
import { z } from 'zod';

export type FileType = 'date' | 'hour' | 'string' | 'int' | 'percent' | 'money';

/** One column descriptor of `GET /v1/report/stat_column/{kind}`; `type` 1 dimension, 2 metric. */
export const statColumn = z.object({
  field: z.string(),
  title: z.string(),
  type: z.union([z.literal(1), z.literal(2)]),
  file_type: z.enum(['date', 'hour', 'string', 'int', 'percent', 'money']),
  sortable: z.boolean(),
});
export type StatColumn = z.infer<typeof statColumn>;

/** A catalogue entry: a stat column with both language titles. */
export type CatalogueField = Omit<StatColumn, 'title'> & { title: { zh: string; en: string } };

/** SDK report fields in display order (spec §3). */
export const sdkCatalogue: CatalogueField[] = [
  { field: 'dt', type: 1, file_type: 'date', sortable: true, title: { zh: '日期', en: 'Date' } },
  { field: 'hour', type: 1, file_type: 'hour', sortable: true, title: { zh: '小时', en: 'Hour' } },
  { field: 'app_key', type: 1, file_type: 'string', sortable: true, title: { zh: '应用', en: 'App' } },
  {
    field: 'placement_id',
    type: 1,
    file_type: 'string',
    sortable: true,
    title: { zh: '广告位 ID', en: 'Placement ID' },
  },
  {
    field: 'placement_name',
    type: 1,
    file_type: 'string',
    sortable: true,
    title: { zh: '广告位名称', en: 'Placement name' },
  },
  {
    field: 'ad_style',
    type: 1,
    file_type: 'string',
    sortable: true,
    title: { zh: '广告类型', en: 'Ad style' },
  },
  { field: 'geo', type: 1, file_type: 'string', sortable: true, title: { zh: '国家/地区', en: 'Country' } },
  { field: 'request', type: 2, file_type: 'int', sortable: true, title: { zh: '请求数', en: 'Requests' } },
  { field: 'response', type: 2, file_type: 'int', sortable: true, title: { zh: '填充数', en: 'Responses' } },
  {
    field: 'fill_rate',
    type: 2,
    file_type: 'percent',
    sortable: true,
    title: { zh: '填充率', en: 'Fill rate' },
  },
  {
    field: 'impression',
    type: 2,
    file_type: 'int',
    sortable: true,
    title: { zh: '展示数', en: 'Impressions' },
  },
  {
    field: 'impression_rate',
    type: 2,
    file_type: 'percent',
    sortable: true,
    title: { zh: '展示率', en: 'Impression rate' },
  },
  { field: 'click', type: 2, file_type: 'int', sortable: true, title: { zh: '点击数', en: 'Clicks' } },
  { field: 'ctr', type: 2, file_type: 'percent', sortable: true, title: { zh: '点击率', en: 'CTR' } },
  {
    field: 'revenue',
    type: 2,
    file_type: 'money',
    sortable: true,
    title: { zh: '收入 ($)', en: 'Revenue ($)' },
  },
  { field: 'ecpm', type: 2, file_type: 'money', sortable: true, title: { zh: 'eCPM ($)', en: 'eCPM ($)' } },
];

/** Default SDK columns when nothing is saved under `sdkReportColumns`. */
export const sdkDefaultFields = [
  'dt',
  'app_key',
  'request',
  'response',
  'fill_rate',
  'impression',
  'click',
  'ctr',
  'revenue',
  'ecpm',
];

/**
 * `GET /v1/report/list/sdk` query (spec §7 Reports). Lists are comma-joined strings on the wire.
 * `placement_type` filters by ad style; `country` by geo (ISO 3166-1 alpha-2).
 */
export const sdkListQuery = z.object({
  dt: z.string(),
  fields: z.string().optional(),
  titles: z.string().optional(),
  order: z.string().optional(),
  page_index: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(1000).default(10),
  app_key: z.string().optional(),
  placement_id: z.string().optional(),
  placement_type: z.string().optional(),
  country: z.string().optional(),
});
export type SdkListQuery = z.infer<typeof sdkListQuery>;

/** A report row: dimension values (strings) and metric values (numbers). */
export type ReportRow = Record<string, string | number | null>;

/** `GET /v1/report/list/{kind}` data (api-contract §8). */
export const reportListData = z.object({
  list: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
  count: z.number().int(),
  total: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});
export type ReportListData = z.infer<typeof reportListData>;

/** `GET /v1/user/channels` item: SDK apps as options (spec §3 Channel). */
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

/**
 * SQL of the SDK report (api-contract §8), generated from one catalogue of dimensions and metrics so
 * the list, its count and the totals row share one definition. Only catalogue text and `$name`
 * placeholders reach the SQL; every user-supplied value is a bound parameter.
 *
 * Rates are ratios of sums over the group (never averages of stored rates); a ratio over zero is 0.
 * Counters come back as integers; revenue, eCPM and rates rounded to 6 decimals (sorting uses exact values).
 * A query that neither shows the hour reads the `sdk_daily` rollup (exact sums of the hourly facts).
 */
import { SDK_DAILY, SDK_HOURLY } from './sdk-schema.ts';
import type { ReportParams } from './store.ts';

export const sdkDimensions = [
  'dt',
  'hour',
  'app_key',
  'placement_id',
  'placement_name',
  'ad_style',
  'geo',
] as const;
export const sdkMetrics = [
  'request',
  'response',
  'fill_rate',
  'impression',
  'impression_rate',
  'click',
  'ctr',
  'revenue',
  'ecpm',
] as const;
export type SdkDimension = (typeof sdkDimensions)[number];
export type SdkMetric = (typeof sdkMetrics)[number];

const dimensionSql: Record<SdkDimension, string> = {
  dt: "strftime(f.dt, '%Y%m%d')",
  hour: 'f.hour::INTEGER',
  app_key: 'f.app_key',
  placement_id: 'f.placement_id',
  placement_name: 'f.placement_name',
  ad_style: 'f.ad_style::INTEGER',
  geo: 'f.geo',
};

const ratio = (num: string, den: string) => `coalesce((${num}) / nullif(${den}, 0), 0)`;

/** Exact metric expressions (sort keys); the select list rounds the fractional ones to 6 decimals. */
const metricSql: Record<SdkMetric, string> = {
  request: 'coalesce(sum(f.request), 0)::BIGINT',
  response: 'coalesce(sum(f.response), 0)::BIGINT',
  fill_rate: ratio('sum(f.response)', 'sum(f.request)'),
  impression: 'coalesce(sum(f.impression), 0)::BIGINT',
  impression_rate: ratio('sum(f.impression)', 'sum(f.response)'),
  click: 'coalesce(sum(f.click), 0)::BIGINT',
  ctr: ratio('sum(f.click)', 'sum(f.impression)'),
  revenue: 'coalesce(sum(f.revenue), 0)',
  ecpm: ratio('sum(f.revenue) * 1000', 'sum(f.impression)'),
};

const integerMetrics = new Set<SdkMetric>(['request', 'response', 'impression', 'click']);

function metricSelect(m: SdkMetric): string {
  return integerMetrics.has(m) ? `${metricSql[m]} AS ${m}` : `round(${metricSql[m]}, 6) AS ${m}`;
}

export type SortDir = 'asc' | 'desc';

/** A resolved SDK report query; lists are already intersected with the caller's scope. */
export type SdkQuery = {
  /** Inclusive range, yyyyMMdd. */
  start: string;
  end: string;
  dimensions: SdkDimension[];
  metrics: SdkMetric[];
  /** null: no restriction (operations staff without an app filter); [] matches nothing. */
  appKeys: string[] | null;
  placementIds: string[] | null;
  adStyles: number[] | null;
  geos: string[] | null;
  /** Primary sort; must be a selected field, else ignored. */
  order: { field: string; dir: SortDir } | null;
  limit?: number;
  offset?: number;
};

export type BuiltSql = { sql: string; params: ReportParams };

/** True when the query can read the daily rollup (no hour shown). */
export function usesDailyRollup(q: Pick<SdkQuery, 'dimensions'>): boolean {
  return !q.dimensions.includes('hour');
}

function where(q: SdkQuery): BuiltSql {
  const params: ReportParams = { start: dashed(q.start), end: dashed(q.end) };
  const parts = ['f.dt BETWEEN $start::DATE AND $end::DATE'];
  const inList = (column: string, prefix: string, values: (string | number)[] | null) => {
    if (values === null) return;
    if (values.length === 0) {
      parts.push('FALSE');
      return;
    }
    const names = values.map((v, i) => {
      params[`${prefix}${i}`] = v;
      return `$${prefix}${i}`;
    });
    parts.push(`${column} IN (${names.join(', ')})`);
  };
  inList('f.app_key', 'ak', q.appKeys);
  inList('f.placement_id', 'pl', q.placementIds);
  inList('f.ad_style', 'st', q.adStyles);
  inList('f.geo', 'geo', q.geos);
  return { sql: parts.join(' AND '), params };
}

function from(q: SdkQuery): string {
  return `${usesDailyRollup(q) ? SDK_DAILY : SDK_HOURLY} f`;
}

/**
 * ORDER BY: the requested field, then dt desc, hour desc, then the other dimensions asc (a total order
 * of the groups, so pages never overlap). Metrics sort on their exact value, not the rounded output.
 */
function orderBy(q: SdkQuery): string {
  const keys: string[] = [];
  const seen = new Set<string>();
  const add = (field: string, dir: SortDir) => {
    const selected = (q.dimensions as string[]).includes(field) || (q.metrics as string[]).includes(field);
    if (!selected || seen.has(field)) return;
    seen.add(field);
    const expr = field in metricSql ? metricSql[field as SdkMetric] : `f.${field}`;
    keys.push(`${expr} ${dir.toUpperCase()} NULLS LAST`);
  };
  if (q.order) add(q.order.field, q.order.dir);
  add('dt', 'desc');
  add('hour', 'desc');
  for (const d of q.dimensions) add(d, 'asc');
  return keys.length ? `ORDER BY ${keys.join(', ')}` : '';
}

/** One page of grouped rows: columns are the dimensions then the metrics, named by field. */
export function buildSdkListSql(q: SdkQuery): BuiltSql {
  const w = where(q);
  const select = [...q.dimensions.map((d) => `${dimensionSql[d]} AS ${d}`), ...q.metrics.map(metricSelect)];
  const groupBy = q.dimensions.length ? `GROUP BY ${q.dimensions.map((d) => `f.${d}`).join(', ')}` : '';
  const params = { ...w.params };
  let page = '';
  if (q.limit !== undefined) {
    params.limit = q.limit;
    params.offset = q.offset ?? 0;
    page = 'LIMIT $limit OFFSET $offset';
  }
  const sql = `SELECT ${select.join(', ')} FROM ${from(q)} WHERE ${w.sql} ${groupBy}
    HAVING count(*) > 0 ${orderBy(q)} ${page}`;
  return { sql, params };
}

/** Number of grouped rows of the list (`count` of api-contract §8), as column `n`. */
export function buildSdkCountSql(q: SdkQuery): BuiltSql {
  const w = where(q);
  const groupBy = q.dimensions.length ? `GROUP BY ${q.dimensions.map((d) => `f.${d}`).join(', ')}` : '';
  return {
    sql: `SELECT count(*) AS n FROM (SELECT 1 FROM ${from(q)} WHERE ${w.sql} ${groupBy} HAVING count(*) > 0)`,
    params: w.params,
  };
}

/** One row of every metric over the whole filter (`total` of api-contract §8). */
export function buildSdkTotalSql(q: SdkQuery): BuiltSql {
  const w = where(q);
  const select = sdkMetrics.map(metricSelect);
  return { sql: `SELECT ${select.join(', ')} FROM ${from(q)} WHERE ${w.sql}`, params: w.params };
}

function dashed(yyyymmdd: string): string {
  return `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;
}

/**
 * The fixed mix of SDK report list queries of the benchmarks, each with its count and totals row
 * (api-contract §8), in three forms: the HTTP query string, the resolved SdkQuery the server would run
 * (parsed by the server's own parser and intersected with the caller's scope, so the DuckDB SQL is the
 * server's SQL exactly), and the equivalent PostgreSQL SQL over the same tables the product reads (the
 * daily rollup, or the hourly facts when the hour is shown: like for like).
 */
import { dayNumber, fromDayNumber, yesterdayIn } from '@portal/contracts/report-dates.ts';
import { sdkListQuery } from '@portal/contracts/reports.ts';
import { demoAppKey, demoGamesApps } from '../../apps/server/src/demo/accounts.ts';
import { type AppKeyScope, scopedAppKeys } from '../../apps/server/src/modules/permission/scope.ts';
import { parseSdkListQuery } from '../../apps/server/src/modules/reports/sdk-params.ts';
import type { SdkDimension, SdkMetric, SdkQuery, SortDir } from '../../apps/server/src/reports/sdk-query.ts';

export const DEMO_ADMIN = 'demo@example.com';
export const OPS = 'ops@example.com';

const METRICS = 'request,response,fill_rate,impression,impression_rate,click,ctr,revenue,ecpm';

export type MixQuery = {
  name: string;
  /** 'publisher' targets: p95 ≤ 50 ms; 'network': p95 ≤ 300 ms (on 10 M rows). */
  kind: 'publisher' | 'network';
  email: string;
  params: Record<string, string>;
};

function range(endDate: string, days: number): string {
  return `${fromDayNumber(dayNumber(endDate) - days + 1)},${endDate}`;
}

/**
 * The mix of 12 list queries (the figure's "12 queries", issue 26), dated back from the last day of
 * the facts: 9 a publisher runs (dimensions, sorts and filters of the SDK screen) and 3 operations run
 * over the whole network.
 */
export function queryMix(endDate: string): MixQuery[] {
  return [
    {
      name: 'publisher 7 d by date',
      kind: 'publisher',
      email: DEMO_ADMIN,
      params: { dt: range(endDate, 7), fields: `dt,${METRICS}`, page_index: '1', page_size: '20' },
    },
    {
      name: 'publisher 90 d by date, app, country',
      kind: 'publisher',
      email: DEMO_ADMIN,
      params: {
        dt: range(endDate, 90),
        fields: `dt,app_key,geo,${METRICS}`,
        page_index: '1',
        page_size: '20',
      },
    },
    {
      name: 'network 30 d by date, app (ops)',
      kind: 'network',
      email: OPS,
      params: { dt: range(endDate, 30), fields: `dt,app_key,${METRICS}`, page_index: '1', page_size: '20' },
    },
    {
      name: 'publisher yesterday by hour',
      kind: 'publisher',
      email: DEMO_ADMIN,
      params: { dt: range(endDate, 1), fields: `hour,${METRICS}`, page_index: '1', page_size: '24' },
    },
    {
      name: 'publisher 30 d by app, revenue desc',
      kind: 'publisher',
      email: DEMO_ADMIN,
      params: {
        dt: range(endDate, 30),
        fields: `app_key,${METRICS}`,
        order: 'revenue:desc',
        page_index: '1',
        page_size: '20',
      },
    },
    {
      name: 'publisher 30 d by country, impressions desc',
      kind: 'publisher',
      email: DEMO_ADMIN,
      params: {
        dt: range(endDate, 30),
        fields: `geo,${METRICS}`,
        order: 'impression:desc',
        page_index: '1',
        page_size: '20',
      },
    },
    {
      name: 'publisher 7 d by placement',
      kind: 'publisher',
      email: DEMO_ADMIN,
      params: {
        dt: range(endDate, 7),
        fields: `placement_id,placement_name,${METRICS}`,
        page_index: '1',
        page_size: '20',
      },
    },
    {
      name: 'publisher 30 d by ad style',
      kind: 'publisher',
      email: DEMO_ADMIN,
      params: { dt: range(endDate, 30), fields: `ad_style,${METRICS}`, page_index: '1', page_size: '20' },
    },
    {
      name: 'publisher 7 d one app by date',
      kind: 'publisher',
      email: DEMO_ADMIN,
      params: {
        dt: range(endDate, 7),
        fields: `dt,${METRICS}`,
        app_key: demoAppKey(demoGamesApps[0]?.pkg ?? ''),
        page_index: '1',
        page_size: '20',
      },
    },
    {
      name: 'publisher 30 d one country by date, app',
      kind: 'publisher',
      email: DEMO_ADMIN,
      params: {
        dt: range(endDate, 30),
        fields: `dt,app_key,${METRICS}`,
        country: 'US',
        page_index: '1',
        page_size: '20',
      },
    },
    {
      name: 'network 7 d by country (ops)',
      kind: 'network',
      email: OPS,
      params: { dt: range(endDate, 7), fields: `geo,${METRICS}`, page_index: '1', page_size: '50' },
    },
    {
      name: 'network 90 d by date (ops)',
      kind: 'network',
      email: OPS,
      params: { dt: range(endDate, 90), fields: `dt,${METRICS}`, page_index: '1', page_size: '20' },
    },
  ];
}

export function queryString(params: Record<string, string>): string {
  return new URLSearchParams(params).toString();
}

/** The caller's scope as the server computes it for the demo accounts (scope.ts): admin = company keys. */
export function demoScope(email: string): AppKeyScope {
  if (email === OPS) return { all: true };
  return { all: false, appKeys: demoGamesApps.map((a) => demoAppKey(a.pkg)) };
}

/** The SdkQuery the server runs for `q` (same parser, same scope intersection). */
export function resolveQuery(q: MixQuery): SdkQuery {
  const parsed = parseSdkListQuery(sdkListQuery.parse(q.params), 'en', yesterdayIn(new Date(), 'UTC'));
  const { requestedAppKeys, ...rest } = parsed;
  return { ...rest, appKeys: scopedAppKeys(demoScope(q.email), requestedAppKeys) };
}

// ---- PostgreSQL: the same report over the same grain (what a typical portal back end runs) ----

export type PgSql = { text: string; values: (string | string[] | number)[] };

const pgDimension: Record<SdkDimension, string> = {
  dt: "to_char(f.dt, 'YYYYMMDD')",
  hour: 'f.hour::int',
  app_key: 'f.app_key',
  placement_id: 'f.placement_id',
  placement_name: 'f.placement_name',
  ad_style: 'f.ad_style::int',
  geo: 'f.geo',
};
const ratio = (num: string, den: string) => `coalesce((${num})::numeric / nullif(${den}, 0), 0)`;
const pgMetric: Record<SdkMetric, string> = {
  request: 'coalesce(sum(f.request), 0)::bigint',
  response: 'coalesce(sum(f.response), 0)::bigint',
  fill_rate: ratio('sum(f.response)', 'sum(f.request)'),
  impression: 'coalesce(sum(f.impression), 0)::bigint',
  impression_rate: ratio('sum(f.impression)', 'sum(f.response)'),
  click: 'coalesce(sum(f.click), 0)::bigint',
  ctr: ratio('sum(f.click)', 'sum(f.impression)'),
  revenue: 'coalesce(sum(f.revenue), 0)',
  ecpm: ratio('sum(f.revenue) * 1000', 'sum(f.impression)'),
};
const integer = new Set<SdkMetric>(['request', 'response', 'impression', 'click']);
const metricSelect = (m: SdkMetric) =>
  integer.has(m) ? `${pgMetric[m]} AS ${m}` : `round(${pgMetric[m]}, 6) AS ${m}`;

function pgWhere(q: SdkQuery): { sql: string; values: PgSql['values'] } {
  const values: PgSql['values'] = [dashed(q.start), dashed(q.end)];
  const parts = ['f.dt BETWEEN $1::date AND $2::date'];
  const any = (column: string, list: (string | number)[] | null, type: string) => {
    if (list === null) return;
    if (list.length === 0) {
      parts.push('FALSE');
      return;
    }
    values.push(list.map(String));
    parts.push(`${column} = ANY($${values.length}::${type}[])`);
  };
  any('f.app_key', q.appKeys, 'text');
  any('f.placement_id', q.placementIds, 'text');
  any('f.ad_style', q.adStyles, 'smallint');
  any('f.geo', q.geos, 'text');
  return { sql: parts.join(' AND '), values };
}

function pgOrder(q: SdkQuery): string {
  const keys: string[] = [];
  const seen = new Set<string>();
  const add = (field: string, dir: SortDir) => {
    const selected = (q.dimensions as string[]).includes(field) || (q.metrics as string[]).includes(field);
    if (!selected || seen.has(field)) return;
    seen.add(field);
    const expr = field in pgMetric ? pgMetric[field as SdkMetric] : `f.${field}`;
    keys.push(`${expr} ${dir.toUpperCase()} NULLS LAST`);
  };
  if (q.order) add(q.order.field, q.order.dir);
  add('dt', 'desc');
  add('hour', 'desc');
  for (const d of q.dimensions) add(d, 'asc');
  return keys.length ? `ORDER BY ${keys.join(', ')}` : '';
}

/**
 * List page, count and totals in PostgreSQL, over `sdk_daily` unless the hour is shown (then
 * `sdk_hourly`), as the product chooses its table (reports/query-builder.ts sourceTable).
 */
export function buildPgSql(q: SdkQuery): { list: PgSql; count: PgSql; total: PgSql } {
  const table = q.dimensions.includes('hour') ? 'sdk_hourly' : 'sdk_daily';
  const w = pgWhere(q);
  const groupBy = q.dimensions.length ? `GROUP BY ${q.dimensions.map((d) => `f.${d}`).join(', ')}` : '';
  const select = [...q.dimensions.map((d) => `${pgDimension[d]} AS ${d}`), ...q.metrics.map(metricSelect)];
  const listValues = [...w.values];
  let page = '';
  if (q.limit !== undefined) {
    listValues.push(q.limit, q.offset ?? 0);
    page = `LIMIT $${listValues.length - 1} OFFSET $${listValues.length}`;
  }
  return {
    list: {
      text: `SELECT ${select.join(', ')} FROM ${table} f WHERE ${w.sql} ${groupBy} HAVING count(*) > 0 ${pgOrder(q)} ${page}`,
      values: listValues,
    },
    count: {
      text: `SELECT count(*) AS n FROM (SELECT 1 FROM ${table} f WHERE ${w.sql} ${groupBy} HAVING count(*) > 0) g`,
      values: w.values,
    },
    total: {
      // The metrics PostgreSQL is given (pgMetric), not the registry's: a metric added to the SDK
      // declaration is not in this baseline until it is written here too.
      text: `SELECT ${Object.keys(pgMetric).map(metricSelect).join(', ')} FROM ${table} f WHERE ${w.sql}`,
      values: w.values,
    },
  };
}

function dashed(yyyymmdd: string): string {
  return `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;
}

/**
 * One SQL builder for every report kind (architecture §Stores: "report SQL is generated from one
 * catalogue of dimensions and metrics"): the list page, its count, the totals row, the trend and the
 * export all come from the same `QueryDef` and `ReportQuery`, so they cannot disagree.
 *
 * Only catalogue text and `$name` placeholders reach the SQL; every user-supplied value is bound.
 * Rates are ratios of sums over the group; a ratio over zero is 0 (api-contract §8). Integer metrics
 * come back as integers, the others as DOUBLE rounded to 6 decimals; sorting uses the exact values.
 */
import type { FactTable } from './fact-tables.ts';
import type { ReportParams } from './store.ts';

export type SortDir = 'asc' | 'desc';

/** A dimension: its output expression and the stored expression it groups and sorts by. */
export type DimensionDef = { select: string; group: string };
/** A metric: its exact aggregate over `f`, and whether it is a whole count. */
export type MetricDef = { sql: string; integer: boolean };

export type QueryDef = {
  table: FactTable;
  dimensions: Record<string, DimensionDef>;
  metrics: Record<string, MetricDef>;
  /** Tie-breaking order after the requested one (spec §4: dt desc, then hour desc). */
  defaultOrder: [string, SortDir][];
};

/** A resolved query; filter values already intersected with the caller's scope. */
export type ReportQuery = {
  /** Inclusive range, yyyyMMdd. */
  start: string;
  end: string;
  dimensions: string[];
  metrics: string[];
  /** Stored column → allowed values; null no restriction, [] nothing. */
  filters: Record<string, (string | number)[] | null>;
  /** Primary sort; ignored unless the field is shown. */
  order: { field: string; dir: SortDir } | null;
  limit?: number;
  offset?: number;
};

export type BuiltSql = { sql: string; params: ReportParams };

/** `a / b` over sums, 0 when b is 0 or null. */
export const ratio = (num: string, den: string) => `coalesce((${num}) / nullif(${den}, 0), 0)`;
/** sum of a BIGINT column as BIGINT (0 over no rows). */
export const count = (col: string): MetricDef => ({
  sql: `coalesce(sum(f.${col}), 0)::BIGINT`,
  integer: true,
});
/** sum of a money column. */
export const money = (col: string): MetricDef => ({ sql: `coalesce(sum(f.${col}), 0)`, integer: false });
/** A ratio of two column sums, times `factor`. */
export const rate = (num: string, den: string, factor = ''): MetricDef => ({
  sql: ratio(`sum(f.${num})${factor}`, `sum(f.${den})`),
  integer: false,
});
/** A plain stored key shown as is. */
export const key = (col: string, cast = ''): DimensionDef => ({
  select: `f.${col}${cast}`,
  group: `f.${col}`,
});
/** The date shown as yyyyMMdd (or `format`). */
export const date = (format = '%Y%m%d'): DimensionDef => ({
  select: `strftime(f.dt, '${format}')`,
  group: 'f.dt',
});

/** The table a query reads: hourly when it shows or filters the hour, else the daily rollup. */
export function sourceTable(def: QueryDef, q: Pick<ReportQuery, 'dimensions' | 'filters'>): string {
  const t = def.table;
  const needsHour = q.dimensions.includes('hour') || (q.filters.hour ?? null) !== null;
  const name = needsHour || !t.daily ? t.hourly : t.daily;
  if (!name) throw new Error(`${t.kind} has no table for this query`);
  return `${name} f`;
}

function where(q: ReportQuery): BuiltSql {
  const params: ReportParams = { start: dashed(q.start), end: dashed(q.end) };
  const parts = ['f.dt BETWEEN $start::DATE AND $end::DATE'];
  let i = 0;
  for (const [column, values] of Object.entries(q.filters)) {
    if (values === null) continue;
    if (values.length === 0) {
      parts.push('FALSE');
      continue;
    }
    const names = values.map((v) => {
      const p = `p${i++}`;
      params[p] = v;
      return `$${p}`;
    });
    parts.push(`f.${column} IN (${names.join(', ')})`);
  }
  return { sql: parts.join(' AND '), params };
}

function metricSelect(def: QueryDef, m: string): string {
  const md = def.metrics[m];
  if (!md) throw new Error(`unknown metric ${m}`);
  return md.integer ? `${md.sql} AS ${m}` : `round(${md.sql}, 6)::DOUBLE AS ${m}`;
}

function groupBy(def: QueryDef, q: ReportQuery): string {
  const cols = q.dimensions.map((d) => def.dimensions[d]?.group).filter(Boolean);
  return cols.length ? `GROUP BY ${[...new Set(cols)].join(', ')}` : '';
}

/**
 * ORDER BY: the requested field when shown, then the kind's default order, then the other dimensions
 * ascending: a total order of the groups, so pages never overlap.
 */
function orderBy(def: QueryDef, q: ReportQuery): string {
  const keys: string[] = [];
  const seen = new Set<string>();
  const add = (field: string, dir: SortDir) => {
    if (seen.has(field) || !(q.dimensions.includes(field) || q.metrics.includes(field))) return;
    seen.add(field);
    const expr = def.metrics[field]?.sql ?? def.dimensions[field]?.group;
    keys.push(`${expr} ${dir.toUpperCase()} NULLS LAST`);
  };
  if (q.order) add(q.order.field, q.order.dir);
  for (const [field, dir] of def.defaultOrder) add(field, dir);
  for (const d of q.dimensions) add(d, 'asc');
  return keys.length ? `ORDER BY ${keys.join(', ')}` : '';
}

/** The grouped rows (one page when `limit` is set): dimensions then metrics, named by field. */
export function buildListSql(def: QueryDef, q: ReportQuery): BuiltSql {
  const w = where(q);
  const select = [
    ...q.dimensions.map((d) => `${def.dimensions[d]?.select} AS ${d}`),
    ...q.metrics.map((m) => metricSelect(def, m)),
  ];
  const params = { ...w.params };
  let page = '';
  if (q.limit !== undefined) {
    params.limit = q.limit;
    params.offset = q.offset ?? 0;
    page = 'LIMIT $limit OFFSET $offset';
  }
  const sql = `SELECT ${select.join(', ')} FROM ${sourceTable(def, q)} WHERE ${w.sql} ${groupBy(def, q)}
    HAVING count(*) > 0 ${orderBy(def, q)} ${page}`;
  return { sql, params };
}

/** Number of grouped rows (`count` of api-contract §8), as column `n`. */
export function buildCountSql(def: QueryDef, q: ReportQuery): BuiltSql {
  const w = where(q);
  return {
    sql: `SELECT count(*) AS n FROM (SELECT 1 FROM ${sourceTable(def, q)} WHERE ${w.sql} ${groupBy(def, q)} HAVING count(*) > 0)`,
    params: w.params,
  };
}

/** One row of every metric of the kind over the whole filter (`total` of api-contract §8). */
export function buildTotalSql(def: QueryDef, q: ReportQuery): BuiltSql {
  const w = where(q);
  const select = Object.keys(def.metrics).map((m) => metricSelect(def, m));
  return { sql: `SELECT ${select.join(', ')} FROM ${sourceTable(def, q)} WHERE ${w.sql}`, params: w.params };
}

/** One `metric` value per day that has facts (`dt` yyyyMMdd, `value`), oldest first. */
export function buildTrendSql(def: QueryDef, q: ReportQuery, metric: string): BuiltSql {
  const w = where(q);
  const select = metricSelect(def, metric).replace(/ AS \w+$/, ' AS value');
  return {
    sql: `SELECT strftime(f.dt, '%Y%m%d') AS dt, ${select} FROM ${sourceTable({ ...def }, { ...q, dimensions: [] })}
      WHERE ${w.sql} GROUP BY f.dt ORDER BY f.dt`,
    params: w.params,
  };
}

function dashed(yyyymmdd: string): string {
  return `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;
}

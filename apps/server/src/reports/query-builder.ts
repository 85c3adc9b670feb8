/**
 * One SQL builder for every report kind (architecture §Stores: "report SQL is generated from one
 * catalogue of dimensions and metrics"): the list page, its count, the totals row, the trend and the
 * export all come from the same `QueryDef` and `ReportQuery`, so they cannot disagree.
 *
 * Only catalogue text and placeholders reach the SQL; every user-supplied value is bound. Each build
 * function renders the store's dialect (sql-dialect.ts: DuckDB by default, or ClickHouse) from the
 * same definitions, so both stores answer with the same semantics.
 * Rates are ratios of sums over the group; a ratio over zero is 0 (api-contract §8). Integer metrics
 * come back as integers, the others as DOUBLE rounded to 6 decimals; sorting uses the exact values.
 *
 * Shape (bench/RESULTS.md): a CTE `g` groups the facts into raw column sums; ordering and paging run
 * on those raw sums, and only the rows of the page get their dates formatted and their rates and
 * rounding computed. The page statement also carries the group count and the totals as window
 * aggregates over `g`, so one scan answers list, count and totals (sums of group sums are exact for
 * counters and the decimal revenue). A filter of several values (scope keys, channels) is bound as
 * one LIST parameter: `list_contains` is evaluated inside the table scan, where an IN list of many
 * values is planned as a MARK hash join after the scan, and `BETWEEN list_min AND list_max` gives the
 * scan constant bounds, so zone maps skip the row groups of other publishers (EXPLAIN ANALYZE on the
 * 10 M bench file: 122,880 of 412,560 rows read, as with IN, and no join).
 */
import { dayNumber, fromDayNumber } from '@portal/contracts/report-dates.ts';
import type { FactTable } from './fact-tables.ts';
import { type CastType, dialects, type ParamType, type SqlDialect } from './sql-dialect.ts';
import type { DialectName, ReportParams } from './store.ts';
import { hourShift, type ReportZone, SHIFT_MARGIN_DAYS, type ShiftSegment } from './zone-shift.ts';

export type SortDir = 'asc' | 'desc';

/**
 * A dimension: the stored column it groups and sorts by, shown as stored, cast by the dialect
 * (`cast`), or formatted as a date (`dateFormat`, strftime).
 */
export type DimensionDef = { column: string; cast?: CastType; dateFormat?: string };
/**
 * A metric: the stored columns it sums and its SQL over those sums (`sum(c)` gives the SQL of the
 * sum of column c in the context at hand, `d` the dialect); `integer` for whole counts.
 */
export type MetricDef = {
  columns: string[];
  over: (sum: (column: string) => string, d: SqlDialect) => string;
  integer: boolean;
};

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
  /**
   * Hourly kinds only: the caller's zone when it differs from the network's (zone-shift.ts). Then
   * `start`/`end`, the `dt` and `hour` dimensions and an `hour` filter are on the caller's clock, and
   * the query reads the hourly table.
   */
  zone?: ReportZone;
};

export type BuiltSql = { sql: string; params: ReportParams };

/** Sum of a BIGINT column as BIGINT (0 over no rows). */
export const count = (col: string): MetricDef => ({
  columns: [col],
  over: (sum, d) => d.cast(`coalesce(${sum(col)}, 0)`, 'bigint'),
  integer: true,
});
/** Sum of a money column. */
export const money = (col: string): MetricDef => ({
  columns: [col],
  over: (sum) => `coalesce(${sum(col)}, 0)`,
  integer: false,
});
/** A ratio of two column sums, the numerator times `scale` (a constant of the declaration, never input). */
export const rate = (num: string, den: string, scale?: number): MetricDef => ({
  columns: [num, den],
  over: (sum, d) => d.ratio(scale === undefined ? sum(num) : `${sum(num)} * ${scale}`, sum(den)),
  integer: false,
});
/** A plain stored key shown as is (or cast by the dialect). */
export const key = (column: string, cast?: CastType): DimensionDef => (cast ? { column, cast } : { column });
/** The date shown as yyyyMMdd (or `format`). */
export const date = (format = '%Y%m%d'): DimensionDef => ({ column: 'dt', dateFormat: format });

/** The segments moving `q`'s facts onto the caller's clock; null when none (zone-shift.ts). */
function shiftOf(def: QueryDef, q: Pick<ReportQuery, 'zone' | 'start' | 'end'>): ShiftSegment[] | null {
  if (!q.zone || !def.table.hourly) return null;
  return hourShift(q.zone, q.start, q.end);
}

/**
 * The table a query reads: hourly when it shows or filters the hour or moves facts to the caller's
 * clock, else the daily rollup.
 */
export function sourceTable(
  def: QueryDef,
  q: Pick<ReportQuery, 'dimensions' | 'filters' | 'zone' | 'start' | 'end'>,
): string {
  const t = def.table;
  const needsHour =
    q.dimensions.includes('hour') || (q.filters.hour ?? null) !== null || shiftOf(def, q) !== null;
  const name = needsHour || !t.daily ? t.hourly : t.daily;
  if (!name) throw new Error(`${t.kind} has no table for this query`);
  return `${name} f`;
}

/** The stored type of `column` of the kind's facts (filters bind values of this type). */
function columnType(def: QueryDef, column: string): ParamType {
  if (column === 'hour') return 'UTINYINT';
  const c = [...def.table.keys, ...def.table.counters].find((k) => k.name === column);
  if (!c) throw new Error(`unknown column ${column}`);
  return c.type;
}

/** The caller's hour number of each fact row (zone-shift.ts): network hour number plus its shift. */
function localHourNumber(shift: ShiftSegment[], d: SqlDialect): string {
  const h = `(${d.dayNumber('f.dt')} * 24 + f.hour)`;
  const [first, ...later] = shift;
  if (!later.length) return `(${h} + (${first?.delta ?? 0}))`;
  // Segment bounds and shifts are integers computed by the server, never input: written inline.
  const cases = later
    .map((s, i) => `WHEN ${h} < ${s.from} THEN ${i === 0 ? (first?.delta ?? 0) : later[i - 1]?.delta}`)
    .join(' ');
  return `(${h} + CASE ${cases} ELSE ${later[later.length - 1]?.delta} END)`;
}

/** The SQL of stored `column` as the query sees it: `dt` and `hour` on the caller's clock when shifted. */
function columnSql(column: string, shift: ShiftSegment[] | null, d: SqlDialect): string {
  if (!shift || (column !== 'dt' && column !== 'hour')) return `f.${column}`;
  const local = localHourNumber(shift, d);
  return column === 'dt' ? d.dayDate(d.intDiv(local, '24')) : `(${local} % 24)`;
}

/** WHERE of the query: the date range and every filter, values bound as parameters. */
function where(def: QueryDef, q: ReportQuery, d: SqlDialect): BuiltSql {
  const shift = shiftOf(def, q);
  if (!shift) return filtersWhere(def, q, d, { start: dashed(q.start), end: dashed(q.end) }, [], null);
  // The network days whose hours may land in the caller's days, then exactly the caller's hours.
  const params: ReportParams = {
    start: dashed(fromDayNumber(dayNumber(q.start) - SHIFT_MARGIN_DAYS)),
    end: dashed(fromDayNumber(dayNumber(q.end) + SHIFT_MARGIN_DAYS)),
    first_hour: dayNumber(q.start) * 24,
    last_hour: dayNumber(q.end) * 24 + 23,
  };
  const local = `${localHourNumber(shift, d)} BETWEEN ${d.param('first_hour', 'BIGINT')} AND ${d.param('last_hour', 'BIGINT')}`;
  return filtersWhere(def, q, d, params, [local], shift);
}

/** `f.dt` within `params.start`..`end`, the `extra` conditions, then every filter of `q`. */
function filtersWhere(
  def: QueryDef,
  q: ReportQuery,
  d: SqlDialect,
  params: ReportParams,
  extra: string[],
  shift: ShiftSegment[] | null,
): BuiltSql {
  const parts = [`f.dt BETWEEN ${d.param('start', 'DATE')} AND ${d.param('end', 'DATE')}`, ...extra];
  let i = 0;
  for (const [column, values] of Object.entries(q.filters)) {
    if (values === null) continue;
    if (values.length === 0) {
      parts.push('FALSE');
      continue;
    }
    const p = `p${i++}`;
    if (values.length === 1) {
      params[p] = values[0] ?? null;
      parts.push(`${columnSql(column, shift, d)} = ${d.param(p, columnType(def, column))}`);
    } else {
      params[p] = values;
      parts.push(d.inList(columnSql(column, shift, d), p, columnType(def, column)));
    }
  }
  return { sql: parts.join(' AND '), params };
}

const dimAlias = (field: string) => `d_${field}`;
const sumAlias = (column: string) => `s_${column}`;

function metricOf(def: QueryDef, m: string): MetricDef {
  const md = def.metrics[m];
  if (!md) throw new Error(`unknown metric ${m}`);
  return md;
}
function dimensionOf(def: QueryDef, d: string): DimensionDef {
  const dd = def.dimensions[d];
  if (!dd) throw new Error(`unknown dimension ${d}`);
  return dd;
}

/** The metric as its output column: exact integer, or DOUBLE rounded to 6 decimals. */
function metricSelect(md: MetricDef, sum: (column: string) => string, name: string, d: SqlDialect): string {
  const sql = md.over(sum, d);
  return md.integer ? `${sql} AS ${name}` : `${d.cast(`round(${sql}, 6)`, 'double')} AS ${name}`;
}

/** The dimension as shown, from its raw grouped value `raw`. */
function dimensionSelect(dd: DimensionDef, raw: string, name: string, d: SqlDialect): string {
  if (dd.dateFormat) return `${d.formatDate(raw, dd.dateFormat)} AS ${name}`;
  return `${dd.cast ? d.cast(raw, dd.cast) : raw} AS ${name}`;
}

/** Stored columns summed by `metrics`. */
function summedColumns(def: QueryDef, metrics: string[]): string[] {
  return [...new Set(metrics.flatMap((m) => metricOf(def, m).columns))];
}

/**
 * CTE `g`: one row per group of the shown dimensions (`d_<field>`, raw stored values) with the raw
 * sums (`s_<column>`) of every column the `metrics` need.
 */
function groupedCte(def: QueryDef, q: ReportQuery, metrics: string[], d: SqlDialect): BuiltSql {
  const w = where(def, q, d);
  const shift = shiftOf(def, q);
  const col = (field: string) => columnSql(dimensionOf(def, field).column, shift, d);
  const dims = q.dimensions.map((field) => `${col(field)} AS ${dimAlias(field)}`);
  const sums = summedColumns(def, metrics).map((c) => `sum(f.${c}) AS ${sumAlias(c)}`);
  const groups = [...new Set(q.dimensions.map(col))];
  // Without dimensions the aggregate is one row even over no facts; such a "group" does not exist.
  const groupBy = groups.length ? `GROUP BY ${groups.join(', ')}` : 'HAVING count(*) > 0';
  return {
    sql: `g AS (SELECT ${[...dims, ...sums].join(', ') || 'count(*) AS c'} FROM ${sourceTable(def, q)} WHERE ${w.sql} ${groupBy})`,
    params: w.params,
  };
}

/**
 * The sort keys of `q` as [field, direction]: the requested field when shown, then the kind's default
 * order, then the other dimensions ascending: a total order of the groups, so pages never overlap.
 */
function orderKeys(def: QueryDef, q: ReportQuery): [string, SortDir][] {
  const keys: [string, SortDir][] = [];
  const seen = new Set<string>();
  const add = (field: string, dir: SortDir) => {
    if (seen.has(field) || !(q.dimensions.includes(field) || q.metrics.includes(field))) return;
    seen.add(field);
    keys.push([field, dir]);
  };
  if (q.order) add(q.order.field, q.order.dir);
  for (const [field, dir] of def.defaultOrder) add(field, dir);
  for (const d of q.dimensions) add(d, 'asc');
  return keys;
}

/** ORDER BY over the columns of `g` (`orderKeys`). */
function orderBy(def: QueryDef, q: ReportQuery, d: SqlDialect): string {
  const keys = orderKeys(def, q).map(([field, dir]) => {
    const md = def.metrics[field];
    const expr = md ? md.over(sumAlias, d) : dimAlias(field);
    return `${expr} ${dir.toUpperCase()} NULLS LAST`;
  });
  return keys.length ? `ORDER BY ${keys.join(', ')}` : '';
}

/**
 * `q` as one query per day of its range, in the order its rows come, when its rows are ordered by the
 * fact date first (the default of every dated kind): the rows of the parts, one after another, are
 * exactly the rows of `q`, and each part aggregates and sorts one day only, so an export's memory does
 * not grow with its range (bench/RESULTS.md). Otherwise `[q]`. Paging (`limit`) is not split.
 */
export function splitByDay(def: QueryDef, q: ReportQuery): ReportQuery[] {
  const [first] = orderKeys(def, q);
  if (!first || q.limit !== undefined || def.dimensions[first[0]]?.column !== 'dt') return [q];
  const days: ReportQuery[] = [];
  for (let d = dayNumber(q.start); d <= dayNumber(q.end); d++) {
    const day = fromDayNumber(d);
    days.push({ ...q, start: day, end: day });
  }
  return first[1] === 'desc' ? days.reverse() : days;
}

/** The shown dimensions and metrics of a row of `g`, named by field. */
function shownSelect(def: QueryDef, q: ReportQuery, d: SqlDialect): string[] {
  return [
    ...q.dimensions.map((f) => dimensionSelect(dimensionOf(def, f), dimAlias(f), f, d)),
    ...q.metrics.map((m) => metricSelect(metricOf(def, m), sumAlias, m, d)),
  ];
}

/** LIMIT/OFFSET of a page, the values bound. */
function paging(q: ReportQuery, params: ReportParams, d: SqlDialect): string {
  params.limit = q.limit ?? 0;
  params.offset = q.offset ?? 0;
  return `LIMIT ${d.param('limit', 'UBIGINT')} OFFSET ${d.param('offset', 'UBIGINT')}`;
}

/**
 * Every grouped row of the query in order (one page when `limit` is set): dimensions then metrics,
 * named by field. The export streams this.
 */
export function buildListSql(def: QueryDef, q: ReportQuery, dialect: DialectName = 'duckdb'): BuiltSql {
  const d = dialects[dialect];
  const g = groupedCte(def, q, q.metrics, d);
  const params = { ...g.params };
  const order = orderBy(def, q, d);
  const shown = shownSelect(def, q, d).join(', ');
  if (q.limit === undefined) return { sql: `WITH ${g.sql} SELECT ${shown} FROM g ${order}`, params };
  const page = paging(q, params, d);
  return {
    sql: `WITH ${g.sql}, page AS (SELECT * FROM g ${order} ${page})
      SELECT ${shown} FROM page g ${order}`,
    params,
  };
}

/** Prefix of the totals columns in the page statement. */
export const TOTAL_PREFIX = 't__';
/** Name of the group-count column in the page statement. */
export const COUNT_COLUMN = 'n__';

/**
 * One page (every row without `limit`) of the grouped rows, each also carrying the number of groups
 * (`n__`) and every metric of the kind over the whole filter (`t__<metric>`), computed from the same
 * grouped scan. A page past the end has no rows: run `buildCountSql` and `buildTotalSql` then.
 */
export function buildPageSql(def: QueryDef, q: ReportQuery, dialect: DialectName = 'duckdb'): BuiltSql {
  const d = dialects[dialect];
  const all = Object.keys(def.metrics);
  const g = groupedCte(def, q, [...new Set([...q.metrics, ...all])], d);
  const order = orderBy(def, q, d);
  const params: ReportParams = { ...g.params };
  const page = q.limit === undefined ? '' : paging(q, params, d);
  const windows = summedColumns(def, all).map((c) => `sum(${sumAlias(c)}) OVER () AS t_${sumAlias(c)}`);
  const totals = all.map((m) =>
    metricSelect(metricOf(def, m), (c) => `t_${sumAlias(c)}`, `${TOTAL_PREFIX}${m}`, d),
  );
  return {
    sql: `WITH ${g.sql},
      page AS (SELECT *, count(*) OVER () AS ${COUNT_COLUMN}, ${windows.join(', ')} FROM g ${order} ${page})
      SELECT ${[...shownSelect(def, q, d), COUNT_COLUMN, ...totals].join(', ')} FROM page g ${order}`,
    params,
  };
}

/** Number of grouped rows (`count` of api-contract §8), as column `n`. */
export function buildCountSql(def: QueryDef, q: ReportQuery, dialect: DialectName = 'duckdb'): BuiltSql {
  const g = groupedCte(def, q, [], dialects[dialect]);
  return { sql: `WITH ${g.sql} SELECT count(*) AS n FROM g`, params: g.params };
}

/** One row of every metric of the kind over the whole filter (`total` of api-contract §8). */
export function buildTotalSql(def: QueryDef, q: ReportQuery, dialect: DialectName = 'duckdb'): BuiltSql {
  const d = dialects[dialect];
  const w = where(def, q, d);
  const sum = (c: string) => `sum(f.${c})`;
  const select = Object.entries(def.metrics).map(([m, md]) => metricSelect(md, sum, m, d));
  return { sql: `SELECT ${select.join(', ')} FROM ${sourceTable(def, q)} WHERE ${w.sql}`, params: w.params };
}

/** Each of `metrics` (columns named by metric) per day that has facts (`dt` yyyyMMdd), oldest first. */
export function buildTrendSql(
  def: QueryDef,
  q: ReportQuery,
  metrics: string[],
  dialect: DialectName = 'duckdb',
): BuiltSql {
  const d = dialects[dialect];
  const w = where(def, q, d);
  const values = metrics.map((m) => metricSelect(metricOf(def, m), (c) => `sum(f.${c})`, m, d));
  const day = columnSql('dt', shiftOf(def, q), d);
  return {
    sql: `SELECT ${d.formatDate(day, '%Y%m%d')} AS dt, ${values.join(', ')} FROM ${sourceTable(def, { ...q, dimensions: [] })}
      WHERE ${w.sql} GROUP BY ${day} ORDER BY ${day}`,
    params: w.params,
  };
}

function dashed(yyyymmdd: string): string {
  return `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;
}

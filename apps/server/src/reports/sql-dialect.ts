/**
 * The SQL that differs between the report stores, so the query builder renders one catalogue
 * definition per report in either dialect (architecture §Stores): how a bound parameter is written
 * (DuckDB `$name`, ClickHouse `{name:Type}`; values are always bound, never interpolated), how a
 * column is tested against a list of values, how a date is formatted, how a ratio is taken and how a
 * value is cast (definitions name a cast, `integer`, never write one: issue 24 item 1).
 */
import type { ColumnType } from './fact-tables.ts';
import type { DialectName } from './store.ts';

/** The type of a bound value: a fact column type, a date (yyyy-MM-dd) or a row count (paging). */
export type ParamType = ColumnType | 'DATE' | 'UBIGINT';

/** A cast of report SQL: a 32-bit code (hour, ad style), an exact 64-bit count, a double. */
export type CastType = 'integer' | 'bigint' | 'double';

export type SqlDialect = {
  name: DialectName;
  /** The placeholder of parameter `name` holding one value of `type`. */
  param(name: string, type: ParamType): string;
  /** `column` is one of the values of list parameter `name` (elements of `type`). */
  inList(column: string, name: string, type: ParamType): string;
  /** `expr` (a DATE) as text; `format` in strftime syntax (%Y %m %d only). */
  formatDate(expr: string, format: string): string;
  /** `num / den` as a double, 0 when `den` is 0 (api-contract §8: a ratio over zero is 0). */
  ratio(num: string, den: string): string;
  /** Days since 1970-01-01 of `expr` (a DATE), an integer. */
  dayNumber(expr: string): string;
  /** The DATE `days` (an integer expression) days after 1970-01-01. */
  dayDate(days: string): string;
  /** Integer quotient of the non-negative integers `num` and `den`. */
  intDiv(num: string, den: string): string;
  /** `expr` cast to `type`. */
  cast(expr: string, type: CastType): string;
};

const duckdbCasts: Record<CastType, string> = { integer: 'INTEGER', bigint: 'BIGINT', double: 'DOUBLE' };
const clickhouseCasts: Record<CastType, string> = { integer: 'Int32', bigint: 'Int64', double: 'Float64' };

export const duckdbDialect: SqlDialect = {
  name: 'duckdb',
  param: (name, type) => (type === 'DATE' ? `$${name}::DATE` : `$${name}`),
  // In-scan filter (no hash join); the constant bounds let zone maps skip other publishers' row
  // groups (query-builder.ts header, bench/RESULTS.md).
  inList: (column, name) =>
    `${column} BETWEEN list_min($${name}) AND list_max($${name}) AND list_contains($${name}, ${column})`,
  formatDate: (expr, format) => `strftime(${expr}, '${format}')`,
  ratio: (num, den) => `coalesce((${num}) / nullif(${den}, 0), 0)`,
  dayNumber: (expr) => `date_diff('day', DATE '1970-01-01', ${expr})`,
  dayDate: (days) => `(DATE '1970-01-01' + CAST(${days} AS INTEGER))`,
  intDiv: (num, den) => `((${num}) // ${den})`,
  cast: (expr, type) => `CAST(${expr} AS ${duckdbCasts[type]})`,
};

/** ClickHouse's name of each parameter type. */
export const clickhouseTypes: Record<ParamType, string> = {
  VARCHAR: 'String',
  UTINYINT: 'UInt8',
  BIGINT: 'Int64',
  'DECIMAL(18, 6)': 'Decimal(18, 6)',
  DATE: 'Date',
  UBIGINT: 'UInt64',
};

export const clickhouseDialect: SqlDialect = {
  name: 'clickhouse',
  param: (name, type) => `{${name}:${clickhouseTypes[type]}}`,
  inList: (column, name, type) => `${column} IN {${name}:Array(${clickhouseTypes[type]})}`,
  formatDate: (expr, format) => `formatDateTime(${expr}, '${format}')`,
  // A Decimal quotient would keep the dividend's 6 decimals, truncated: divide as Float64 like DuckDB.
  ratio: (num, den) => `coalesce(toFloat64(${num}) / nullIf(${den}, 0), 0)`,
  dayNumber: (expr) => `toInt64(dateDiff('day', toDate('1970-01-01'), ${expr}))`,
  dayDate: (days) => `addDays(toDate('1970-01-01'), ${days})`,
  intDiv: (num, den) => `intDiv(${num}, ${den})`,
  cast: (expr, type) => `CAST(${expr} AS ${clickhouseCasts[type]})`,
};

export const dialects: Record<DialectName, SqlDialect> = {
  duckdb: duckdbDialect,
  clickhouse: clickhouseDialect,
};

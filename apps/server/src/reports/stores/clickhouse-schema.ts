/**
 * The report facts' schema on ClickHouse (README "Running at scale"), from the same definitions as
 * DuckDB's (fact-tables.ts):
 *
 * - every base table (the hourly one of an hourly kind, else the daily one) is a MergeTree
 *   `PARTITION BY dt ORDER BY (<scope column>, dt)`: a scoped query reads one publisher's granules,
 *   and one day is one partition, replaced atomically (`ALTER TABLE … REPLACE PARTITION`);
 * - the daily rollup of an hourly kind is an AggregatingMergeTree of `SimpleAggregateFunction(sum, …)`
 *   counters, filled by ClickHouse itself through a materialized view `<daily>_mv` on every insert
 *   into the hourly table. Background merges add rows up at any time, so readers always
 *   `sum() … GROUP BY` (which the query builder does) and never assume a merged table. Unlike a
 *   SummingMergeTree, it never drops a group whose counters are all zero.
 *
 * Counters are Int64, money Decimal(18, 6) (its sums Decimal(38, 6)), dates Date.
 */
import type { ColumnType, FactColumn, FactTable } from '../fact-tables.ts';
import { tableColumns } from '../fact-tables.ts';
import { clickhouseTypes } from '../sql-dialect.ts';

/** The ClickHouse type of a stored column; `rollup` for the summed columns of a daily rollup. */
function chType(type: ColumnType, rollup = false): string {
  if (!rollup) return clickhouseTypes[type];
  return type === 'DECIMAL(18, 6)'
    ? 'SimpleAggregateFunction(sum, Decimal(38, 6))'
    : 'SimpleAggregateFunction(sum, Int64)';
}

const orderKey = (t: FactTable) => `(${t.scope}, dt)`;
/** The rollup's key: every key column, the scope first (an AggregatingMergeTree groups by its key). */
const rollupKey = (t: FactTable) =>
  `(${[t.scope, 'dt', ...t.keys.map((k) => k.name).filter((k) => k !== t.scope)].join(', ')})`;

function columnsDdl(columns: FactColumn[], rollup: boolean, counters: Set<string>): string {
  return columns
    .map((c) => (c.name === 'dt' ? 'dt Date' : `${c.name} ${chType(c.type, rollup && counters.has(c.name))}`))
    .join(', ');
}

/** `CREATE TABLE` of the base table of `t` (named `name`, default its own). */
export function baseTableDdl(t: FactTable, name = t.hourly ?? t.daily ?? ''): string {
  const cols = columnsDdl(tableColumns(t, Boolean(t.hourly)), false, new Set());
  return `CREATE TABLE IF NOT EXISTS ${name} (${cols})
    ENGINE = MergeTree PARTITION BY dt ORDER BY ${orderKey(t)}`;
}

/** `CREATE TABLE` of the daily rollup of an hourly kind, or null. */
export function rollupTableDdl(t: FactTable, name = t.daily ?? ''): string | null {
  if (!t.hourly || !t.daily) return null;
  const counters = new Set(t.counters.map((c) => c.name));
  const cols = columnsDdl(tableColumns(t, false), true, counters);
  return `CREATE TABLE IF NOT EXISTS ${name} (${cols})
    ENGINE = AggregatingMergeTree PARTITION BY dt ORDER BY ${rollupKey(t)}`;
}

/** The materialized view `view` adding each insert into `from` (hourly) to `to` (its rollup). */
export function rollupViewDdl(t: FactTable, view: string, from: string, to: string): string {
  const keys = t.keys.map((k) => k.name).join(', ');
  const sums = t.counters.map((c) => `sum(${c.name}) AS ${c.name}`).join(', ');
  return `CREATE MATERIALIZED VIEW IF NOT EXISTS ${view} TO ${to}
    AS SELECT dt, ${keys}, ${sums} FROM ${from} GROUP BY dt, ${keys}`;
}

/** Idempotent DDL of every fact table and rollup view, in order; run at every open. */
export function clickhouseSchemaSql(tables: FactTable[]): string[] {
  return tables.flatMap((t) => {
    const rollup = rollupTableDdl(t);
    return [
      baseTableDdl(t),
      ...(rollup && t.hourly && t.daily
        ? [rollup, rollupViewDdl(t, `${t.daily}_mv`, t.hourly, t.daily)]
        : []),
    ];
  });
}

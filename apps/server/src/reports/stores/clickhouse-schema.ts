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
 *
 * On a cluster (`REPORT_STORE_CLUSTER`, a `ClickHouseCluster` passed to each function) the same
 * tables are made `ON CLUSTER`, names qualified with the database: each table is `<name>_local`, a
 * ReplicatedMergeTree (ReplicatedAggregatingMergeTree for a rollup) on every replica of every shard,
 * and `<name>` is a Distributed table over it, sharded by the scope column, which the portal reads
 * and a pipeline inserts into; the rollup view runs on every host from `<hourly>_local` to
 * `<daily>_local`. Without a cluster every statement is exactly the single server's.
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

/**
 * A cluster of the ClickHouse servers' `remote_servers` and the database the report tables live in
 * (both plain identifiers: config.ts and clickhouse.ts validate them).
 */
export type ClickHouseCluster = { cluster: string; database: string };

/**
 * Replication path and replica name of every replicated table: one path per shard, database and
 * table, expanded on each host from its `<macros>` (`shard`, `replica`) and the built-in
 * `{database}` and `{table}`.
 */
const REPLICA_ARGS = "'/clickhouse/tables/{shard}/{database}/{table}', '{replica}'";

/** The shard-local table behind the Distributed table `name` of a cluster. */
export const localTable = (name: string) => `${name}_local`;

/** `name` as a statement names it: qualified with the database on a cluster. */
const qualified = (name: string, on?: ClickHouseCluster) => (on ? `${on.database}.${name}` : name);
/** ` ON CLUSTER <name>` on a cluster, else nothing. */
const onCluster = (on?: ClickHouseCluster) => (on ? ` ON CLUSTER ${on.cluster}` : '');
/** An engine, replicated on a cluster. */
const engine = (name: 'MergeTree' | 'AggregatingMergeTree', on?: ClickHouseCluster) =>
  on ? `Replicated${name}(${REPLICA_ARGS})` : name;

const orderKey = (t: FactTable) => `(${t.scope}, dt)`;
/** The rollup's key: every key column, the scope first (an AggregatingMergeTree groups by its key). */
const rollupKey = (t: FactTable) =>
  `(${[t.scope, 'dt', ...t.keys.map((k) => k.name).filter((k) => k !== t.scope)].join(', ')})`;

function columnsDdl(columns: FactColumn[], rollup: boolean, counters: Set<string>): string {
  return columns
    .map((c) => (c.name === 'dt' ? 'dt Date' : `${c.name} ${chType(c.type, rollup && counters.has(c.name))}`))
    .join(', ');
}

/**
 * `CREATE TABLE` of the base table of `t` (named `name`, default its own), replicated on every host
 * of `on` when given (then `name` is the shard-local table).
 */
export function baseTableDdl(t: FactTable, name = t.hourly ?? t.daily ?? '', on?: ClickHouseCluster): string {
  const cols = columnsDdl(tableColumns(t, Boolean(t.hourly)), false, new Set());
  return `CREATE TABLE IF NOT EXISTS ${qualified(name, on)}${onCluster(on)} (${cols})
    ENGINE = ${engine('MergeTree', on)} PARTITION BY dt ORDER BY ${orderKey(t)}`;
}

/** `CREATE TABLE` of the daily rollup of an hourly kind, or null; replicated on `on` when given. */
export function rollupTableDdl(t: FactTable, name = t.daily ?? '', on?: ClickHouseCluster): string | null {
  if (!t.hourly || !t.daily) return null;
  const counters = new Set(t.counters.map((c) => c.name));
  const cols = columnsDdl(tableColumns(t, false), true, counters);
  return `CREATE TABLE IF NOT EXISTS ${qualified(name, on)}${onCluster(on)} (${cols})
    ENGINE = ${engine('AggregatingMergeTree', on)} PARTITION BY dt ORDER BY ${rollupKey(t)}`;
}

/**
 * The materialized view `view` adding each insert into `from` (hourly) to `to` (its rollup); on `on`
 * a view on every host, between shard-local tables.
 */
export function rollupViewDdl(
  t: FactTable,
  view: string,
  from: string,
  to: string,
  on?: ClickHouseCluster,
): string {
  const keys = t.keys.map((k) => k.name).join(', ');
  const sums = t.counters.map((c) => `sum(${c.name}) AS ${c.name}`).join(', ');
  return `CREATE MATERIALIZED VIEW IF NOT EXISTS ${qualified(view, on)}${onCluster(on)} TO ${qualified(to, on)}
    AS SELECT dt, ${keys}, ${sums} FROM ${qualified(from, on)} GROUP BY dt, ${keys}`;
}

/**
 * The Distributed table `name` of `on` over the shard-local `local` (same columns), sharded by the
 * scope column of `t`: a publisher's (or channel's) facts sit on one shard, so a daily rollup group is
 * whole there, and an insert into `name` lands each row on its shard.
 */
export function distributedTableDdl(
  t: FactTable,
  name: string,
  local: string,
  on: ClickHouseCluster,
): string {
  return `CREATE TABLE IF NOT EXISTS ${qualified(name, on)}${onCluster(on)} AS ${qualified(local, on)}
    ENGINE = Distributed(${on.cluster}, ${on.database}, ${local}, cityHash64(${t.scope}))`;
}

/** `CREATE DATABASE` of `database`, on every host of `on` when given. */
export function databaseDdl(database: string, on?: ClickHouseCluster): string {
  return `CREATE DATABASE IF NOT EXISTS ${database}${onCluster(on)}`;
}

/**
 * Idempotent DDL of every fact table and rollup view, in order; run at every open (after
 * `databaseDdl`). On `on`: per table its shard-local replicated table and the Distributed table over
 * it, and the rollup view between the local tables.
 */
export function clickhouseSchemaSql(tables: FactTable[], on?: ClickHouseCluster): string[] {
  if (on) {
    const both = (t: FactTable, name: string, ddl: string) => [
      ddl,
      distributedTableDdl(t, name, localTable(name), on),
    ];
    return tables.flatMap((t) => {
      const base = t.hourly ?? t.daily ?? '';
      const rollup = t.hourly && t.daily ? rollupTableDdl(t, localTable(t.daily), on) : null;
      return [
        ...both(t, base, baseTableDdl(t, localTable(base), on)),
        ...(rollup && t.hourly && t.daily
          ? [
              ...both(t, t.daily, rollup),
              rollupViewDdl(t, `${t.daily}_mv`, localTable(t.hourly), localTable(t.daily), on),
            ]
          : []),
      ];
    });
  }
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

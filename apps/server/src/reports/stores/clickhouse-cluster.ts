/**
 * `ReportStore.replaceDays` on a ClickHouse cluster (`REPORT_STORE_CLUSTER`, README "Running at
 * scale"): the single server's staging-and-swap (clickhouse.ts), done on every shard.
 *
 * 1. Staging tables `ON CLUSTER`: a replicated copy of the base table on every replica of every
 *    shard (and of its rollup, fed by a copy of the rollup view), and a Distributed table over the
 *    staging copy with the base table's sharding key.
 * 2. The rows are inserted through that Distributed table with `insert_distributed_sync = 1`: when
 *    the insert returns, each shard's staging copy holds that shard's share (on one replica; the
 *    servers' `remote_servers` must say `<internal_replication>true</internal_replication>`).
 * 3. `SYSTEM SYNC REPLICA … ON CLUSTER` waits until every replica holds every staged part, so
 *    whichever replica of a shard runs the swap has all of them.
 * 4. `ALTER TABLE <table>_local ON CLUSTER … REPLACE PARTITION ID … FROM <stage>` for the days the
 *    file holds and `DROP PARTITION ID …` for the others, for the base table, then the rollup.
 *    ClickHouse runs an ALTER of a replicated table on one replica per shard and replicates it;
 *    `replication_alter_partitions_sync = 2` waits until every replica has it. A day can hold rows on
 *    one shard and none on another: that shard's staging partition is empty and the day must end
 *    empty there, which `REPLACE PARTITION` from an empty source does (ClickHouse 26 refuses it unless
 *    `allow_replace_partition_from_empty_source = 1`, set when the server knows the setting).
 * 5. The staging tables are dropped `ON CLUSTER … SYNC`, also after a failure.
 *
 * Each day is swapped atomically on each shard, not across shards: while the ALTER runs, a reader may
 * see one shard's new day beside another's old one. A failure before step 4 changes nothing; one
 * during step 4 can leave some shards swapped, and running the same import again (idempotent) brings
 * every shard to the file's facts.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { ClickHouseClient } from '@clickhouse/client';
import { type FactTable, tableColumns } from '../fact-tables.ts';
import type { FactRows, ReportParams, ReportResultRow, ReportValue, WriteRunner } from '../store.ts';
import {
  baseTableDdl,
  type ClickHouseCluster,
  distributedTableDdl,
  localTable,
  rollupTableDdl,
  rollupViewDdl,
} from './clickhouse-schema.ts';

/**
 * Throws when the database already holds a MergeTree table (a single server's schema) under one of the
 * Distributed tables' names: `CREATE … IF NOT EXISTS` would keep it, the portal would read it and
 * imports would swap into the `_local` tables beside it. Such a database is moved to the cluster's
 * layout by hand (README "Past one ClickHouse server").
 */
export async function refuseSingleServerTables(
  client: ClickHouseClient,
  tables: FactTable[],
  on: ClickHouseCluster,
): Promise<void> {
  const names = tables.flatMap((t) => [t.hourly, t.daily].filter((x): x is string => x !== null));
  const rs = await client.query({
    query:
      'SELECT name, engine FROM system.tables WHERE database = {db:String} AND has({names:Array(String)}, name)',
    query_params: { db: on.database, names },
    format: 'JSONEachRow',
  });
  const wrong = (await rs.json<{ name: string; engine: string }>()).filter((r) =>
    /MergeTree$/.test(r.engine),
  );
  if (wrong.length) {
    const list = wrong.map((r) => `${r.name} (${r.engine})`).join(', ');
    throw new Error(
      `REPORT_STORE_CLUSTER=${on.cluster}: ${on.database} holds a single server's tables (${list}), not Distributed ones; move them to the cluster's layout first`,
    );
  }
}

/** The staging tables of one cluster import (unqualified names). */
export type ClusterStaging = {
  /** The shard-local base table swapped into, e.g. `sdk_hourly_local`. */
  table: string;
  /** Its replicated staging copy on every shard. */
  stage: string;
  /** The Distributed table over `stage` the rows go through. */
  stageAll: string;
  /** The shard-local rollup and its staging copy, for a kind with both grains. */
  rollup: { table: string; stage: string } | null;
  /** The staging rollup view from `stage` to `rollup.stage`. */
  view: string;
};

/** Staging names of one import of `t`, tagged `tag`; every one holds `__stage_`. */
export function clusterStaging(t: FactTable, tag: string): ClusterStaging {
  const base = t.hourly ?? t.daily;
  if (!base) throw new Error(`${t.kind} has no table`);
  return {
    table: localTable(base),
    stage: `${base}__stage_${tag}`,
    stageAll: `${base}__stage_all_${tag}`,
    rollup: t.hourly && t.daily ? { table: localTable(t.daily), stage: `${t.daily}__stage_${tag}` } : null,
    view: `${base}__stage_mv_${tag}`,
  };
}

/** `CREATE` statements of the staging tables, in order (step 1). */
export function clusterStagingDdl(t: FactTable, s: ClusterStaging, on: ClickHouseCluster): string[] {
  return [
    baseTableDdl(t, s.stage, on),
    ...(s.rollup
      ? [rollupTableDdl(t, s.rollup.stage, on) ?? '', rollupViewDdl(t, s.view, s.stage, s.rollup.stage, on)]
      : []),
    distributedTableDdl(t, s.stageAll, s.stage, on),
  ];
}

/** Waits until every replica holds every staged part (step 3). */
export function clusterSyncSql(s: ClusterStaging, on: ClickHouseCluster): string[] {
  return [s.stage, ...(s.rollup ? [s.rollup.stage] : [])].map(
    (name) => `SYSTEM SYNC REPLICA ON CLUSTER ${on.cluster} ${on.database}.${name}`,
  );
}

/**
 * The swap of `days` (yyyy-MM-dd, validated by the caller) of the shard-local `table` from the
 * shard-local `from` (step 4): REPLACE for the days in `staged`, DROP for the others, 100 days per
 * ALTER. `allowEmptySource`: the server knows `allow_replace_partition_from_empty_source`.
 */
export function clusterSwapSql(
  table: string,
  from: string,
  days: string[],
  staged: Set<string>,
  on: ClickHouseCluster,
  allowEmptySource: boolean,
): string[] {
  const settings = [
    'replication_alter_partitions_sync = 2',
    ...(allowEmptySource ? ['allow_replace_partition_from_empty_source = 1'] : []),
  ].join(', ');
  const out: string[] = [];
  for (let i = 0; i < days.length; i += 100) {
    const commands = days.slice(i, i + 100).map((day) => {
      const id = day.replaceAll('-', '');
      return staged.has(day)
        ? `REPLACE PARTITION ID '${id}' FROM ${on.database}.${from}`
        : `DROP PARTITION ID '${id}'`;
    });
    out.push(
      `ALTER TABLE ${on.database}.${table} ON CLUSTER ${on.cluster} ${commands.join(', ')} SETTINGS ${settings}`,
    );
  }
  return out;
}

/** Drops the staging tables (step 5), the view first. */
export function clusterDropSql(s: ClusterStaging, on: ClickHouseCluster): string[] {
  const drop = (kind: 'VIEW' | 'TABLE', name: string) =>
    `DROP ${kind} IF EXISTS ${on.database}.${name} ON CLUSTER ${on.cluster} SYNC`;
  return [
    drop('VIEW', s.view),
    drop('TABLE', s.stageAll),
    drop('TABLE', s.stage),
    ...(s.rollup ? [drop('TABLE', s.rollup.stage)] : []),
  ];
}

/** What the cluster import needs of the store: its client, its write runner and a read. */
export type ClusterIo = {
  client: ClickHouseClient;
  run: WriteRunner;
  read: (sql: string, params?: ReportParams) => Promise<ReportResultRow[]>;
};

/**
 * Replaces `days` (yyyy-MM-dd) of `t` on every shard of `on` with `rows` (steps 1–5 above); returns
 * the number of rows written. Throws on a bad day or any failed statement (after dropping the
 * staging tables).
 */
export async function replaceDaysOnCluster(
  io: ClusterIo,
  t: FactTable,
  days: string[],
  rows: FactRows,
  on: ClickHouseCluster,
): Promise<number> {
  for (const d of days) if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) throw new Error(`bad day ${d}`);
  const s = clusterStaging(t, randomBytes(6).toString('hex'));
  const columns = tableColumns(t, Boolean(t.hourly)).map((c) => c.name) as [string, ...string[]];
  const stageAll = `${on.database}.${s.stageAll}`;
  try {
    for (const ddl of clusterStagingDdl(t, s, on)) await io.run(ddl);
    let written = await insertRows(io.client, stageAll, columns, rows);
    if ('csvFile' in rows) {
      written = Number((await io.read(`SELECT count() AS n FROM ${stageAll}`))[0]?.n ?? 0);
    }
    for (const sql of clusterSyncSql(s, on)) await io.run(sql);
    const staged = new Set(
      (await io.read(`SELECT DISTINCT toString(dt) AS d FROM ${stageAll}`)).map((r) => String(r.d)),
    );
    const [known] = await io.read(
      "SELECT count() AS n FROM system.settings WHERE name = 'allow_replace_partition_from_empty_source'",
    );
    const allowEmpty = Number(known?.n) > 0;
    const pairs: [string, string][] = [
      [s.table, s.stage],
      ...(s.rollup ? [[s.rollup.table, s.rollup.stage] as [string, string]] : []),
    ];
    for (const [table, from] of pairs) {
      for (const sql of clusterSwapSql(table, from, days, staged, on, allowEmpty)) await io.run(sql);
    }
    return written;
  } finally {
    for (const sql of clusterDropSql(s, on)) await io.run(sql).catch(() => {});
  }
}

/**
 * Inserts `rows` into `table` through the Distributed engine, synchronously; the number of object
 * rows sent (0 for a CSV file, which the caller counts). No rows at all (ClickHouse code 108) is no
 * error: the days are emptied by the swap.
 */
async function insertRows(
  client: ClickHouseClient,
  table: string,
  columns: [string, ...string[]],
  rows: FactRows,
): Promise<number> {
  let sent = 0;
  async function* objects(chunks: AsyncIterable<ReportResultRow[]>) {
    for await (const chunk of chunks) {
      for (const row of chunk) {
        const o: Record<string, ReportValue> = {};
        for (const c of columns) o[c] = row[c] ?? null;
        sent++;
        yield o;
      }
    }
  }
  const settings = { insert_distributed_sync: 1 } as const;
  try {
    if ('csvFile' in rows) {
      await client.insert({
        table,
        values: createReadStream(rows.csvFile),
        format: 'CSVWithNames',
        columns,
        clickhouse_settings: settings,
      });
    } else {
      await client.insert({
        table,
        values: Readable.from(objects(rows)),
        format: 'JSONEachRow',
        columns,
        clickhouse_settings: settings,
      });
    }
  } catch (err) {
    if (!/No data to insert/i.test(err instanceof Error ? err.message : '')) throw err;
  }
  return sent;
}

/**
 * The report store on ClickHouse (architecture §Stores, README "Running at scale"), over its HTTP
 * interface with the official client `@clickhouse/client`. Selected by
 * `REPORT_STORE_URL=clickhouse://user:pass@host:8123/db` (or `http(s)://…/db`); the database and the
 * schema (clickhouse-schema.ts) are created at open when missing.
 *
 * - Reads bind every value as a ClickHouse query parameter (`{name:Type}`, sql-dialect.ts) and come
 *   back as `JSONCompactEachRowWithNamesAndTypes`, so 64-bit integers (quoted on the wire) convert
 *   exactly: to numbers, or strings beyond 2^53, like the DuckDB store.
 * - `timeoutMs` becomes the query's `max_execution_time` (ClickHouse stops it, code 159), `signal`
 *   aborts the HTTP request (ClickHouse cancels a query whose client went away).
 * - `replaceDays` loads a staging copy of the base table (and of its rollup, fed by a staging copy of
 *   the materialized view), then swaps each day in with `ALTER TABLE … REPLACE PARTITION`, atomic per
 *   day and table: readers see a day's old facts or its new ones, never a mix, and a failure before
 *   the swap changes nothing. A journal (clickhouse-staging.ts) lets the next start finish a swap a
 *   killed process left half-done and drop the staging tables it left.
 * - `write` serialises this process's writes; several API instances may write at once (ClickHouse
 *   inserts and partition swaps need no single writer).
 * - With `cluster` (`REPORT_STORE_CLUSTER`) the schema is made on every host of that cluster
 *   (clickhouse-schema.ts): reads go to the Distributed tables, which keep the single server's names,
 *   and `replaceDays` stages and swaps on every shard (clickhouse-cluster.ts).
 */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import {
  type ClickHouseClient,
  ClickHouseLogLevel,
  type ClickHouseSettings,
  createClient,
} from '@clickhouse/client';
import { type FactTable, factTables, tableColumns } from '../fact-tables.ts';
import type {
  FactRows,
  QueryOptions,
  ReportParams,
  ReportResultRow,
  ReportStore,
  ReportValue,
  WriteRunner,
} from '../store.ts';
import { refuseSingleServerTables, replaceDaysOnCluster } from './clickhouse-cluster.ts';
import {
  baseTableDdl,
  type ClickHouseCluster,
  clickhouseSchemaSql,
  databaseDdl,
  rollupTableDdl,
  rollupViewDdl,
} from './clickhouse-schema.ts';
import {
  dropStaging,
  heartbeat,
  journal,
  journalDdl,
  recoverStaging,
  STALE_MS,
  type StagePlan,
  type StagingSql,
  stageNames,
  swapDays,
} from './clickhouse-staging.ts';

/** A ClickHouse identifier we create or accept as a database name. */
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const FORMAT = 'JSONCompactEachRowWithNamesAndTypes';

/**
 * Settings of every request: exact 64-bit integers, decimals as JSON numbers, and a name resolves to
 * a column before a SELECT alias of the same name (standard SQL, as DuckDB does), so
 * `SELECT sum(request) AS request … WHERE request > 0` means the column everywhere.
 */
const BASE_SETTINGS: ClickHouseSettings = {
  output_format_json_quote_64bit_integers: 1,
  output_format_json_quote_decimals: 0,
  prefer_column_name_to_alias: 1,
};

/**
 * Client options from `REPORT_STORE_URL`: `clickhouse://` speaks HTTP (`clickhouses://` HTTPS), the
 * path names the database (default `default`). Throws on a bad database name.
 */
export function clickhouseUrlOptions(url: string): {
  url: string;
  username: string;
  password: string;
  database: string;
} {
  const u = new URL(url.replace(/^clickhouse(s?):/, 'http$1:'));
  const database = decodeURIComponent(u.pathname.replace(/^\//, '')) || 'default';
  if (!IDENTIFIER.test(database)) throw new Error(`REPORT_STORE_URL: bad database name ${database}`);
  const username = decodeURIComponent(u.username) || 'default';
  const password = decodeURIComponent(u.password);
  return { url: `${u.protocol}//${u.host}`, username, password, database };
}

/** Options of every client of the store at `o` (database aside). */
function clientOptions(o: ReturnType<typeof clickhouseUrlOptions>) {
  return {
    url: o.url,
    username: o.username,
    password: o.password,
    clickhouse_settings: BASE_SETTINGS,
    // An export streams for as long as its client reads; query time is bounded by max_execution_time.
    request_timeout: 300_000,
    // Failures reach the caller as errors, which it logs; the client's own log would repeat them.
    log: { level: ClickHouseLogLevel.OFF },
    // What ClickHouse's HTTP interface lets a client reuse between statements (it has no prepared
    // statements: each query is parsed by the server): open sockets, as many as the query lanes run
    // at once (light 4 + heavy ≤ 4 + exports 2, reports/query-lanes.ts), like DuckDB's read pool.
    keep_alive: { enabled: true },
    max_open_connections: 10,
  };
}

/** Whether the database `url` names exists (`EXISTS DATABASE`). */
export async function clickhouseDatabaseExists(url: string): Promise<boolean> {
  const o = clickhouseUrlOptions(url);
  const admin = createClient({ ...clientOptions(o), database: 'default' });
  try {
    const rs = await admin.query({ query: `EXISTS DATABASE ${o.database}`, format: 'JSONEachRow' });
    const [row] = (await rs.json()) as { result?: number | string }[];
    return Number(row?.result ?? 0) === 1;
  } finally {
    await admin.close();
  }
}

/**
 * Opens the ClickHouse report store at `url`, creating the database and schema when missing; with
 * `cluster` (a name of the servers' `remote_servers`, an identifier) on every host of that cluster.
 * On a single server it also finishes the day swaps a dead process left half-done
 * (clickhouse-staging.ts; `staleMs`: how long a swap must have been silent to count as dead, default
 * STALE_MS); swaps that still looked alive are looked at again once they would be stale.
 * Throws on a bad database or cluster name, or when a statement fails.
 */
export async function openClickHouseStore(
  url: string,
  opts: { cluster?: string; staleMs?: number } = {},
): Promise<ReportStore> {
  const o = clickhouseUrlOptions(url);
  if (opts.cluster !== undefined && !IDENTIFIER.test(opts.cluster)) {
    throw new Error(`REPORT_STORE_CLUSTER: bad cluster name ${opts.cluster}`);
  }
  const on = opts.cluster ? { cluster: opts.cluster, database: o.database } : undefined;
  const common = clientOptions(o);
  const admin = createClient({ ...common, database: 'default' });
  try {
    await admin.command({ query: databaseDdl(o.database, on) });
  } finally {
    await admin.close();
  }
  const client = createClient({ ...common, database: o.database });
  if (on) await refuseSingleServerTables(client, Object.values(factTables), on);
  // The swap journal and its recovery are a single server's (clickhouse-staging.ts); a cluster import
  // drops its staging tables ON CLUSTER when it fails (clickhouse-cluster.ts).
  const ddls = [...clickhouseSchemaSql(Object.values(factTables), on), ...(on ? [] : [journalDdl])];
  for (const ddl of ddls) await client.command({ query: ddl });
  const store = clickhouseStore(client, opts.staleMs ?? STALE_MS, on);
  if (!on) await store.sweep();
  return store;
}

/** A 64-bit or wider integer type, plain, Nullable or a rollup's SimpleAggregateFunction. */
const WIDE_INT = /^(?:Nullable\(|SimpleAggregateFunction\(\w+, )?U?Int(64|128|256)\b/;

/** Row values as read: 64-bit (and wider) integers from their quoted text, the rest as parsed. */
function convert(value: unknown, type: string): ReportValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && WIDE_INT.test(type)) {
    const n = Number(value);
    return Number.isSafeInteger(n) ? n : value;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

function clickhouseStore(
  client: ClickHouseClient,
  staleMs: number,
  on?: ClickHouseCluster,
): ReportStore & { sweep(): Promise<void> } {
  const inFlight = new Set<Promise<unknown>>();
  let writeChain: Promise<unknown> = Promise.resolve();
  let closed = false;
  let again: NodeJS.Timeout | undefined;

  function track<T>(p: Promise<T>): Promise<T> {
    inFlight.add(p);
    const done = () => inFlight.delete(p);
    p.then(done, done);
    return p;
  }
  const settingsOf = (opts?: QueryOptions): ClickHouseSettings =>
    opts?.timeoutMs ? { max_execution_time: Math.max(1, Math.ceil(opts.timeoutMs / 1000)) } : {};

  /** Rows of `sql` in batches as the HTTP response arrives. */
  async function* rowsOf(sql: string, params?: ReportParams, opts?: QueryOptions) {
    const rs = await client.query({
      query: sql,
      query_params: params,
      format: FORMAT,
      clickhouse_settings: settingsOf(opts),
      abort_signal: opts?.signal,
    });
    let names: string[] | null = null;
    let types: string[] | null = null;
    for await (const batch of rs.stream()) {
      const out: ReportResultRow[] = [];
      for (const row of batch) {
        const cells = row.json() as unknown[];
        if (!names) names = cells.map(String);
        else if (!types) types = cells.map(String);
        else {
          const r: ReportResultRow = {};
          cells.forEach((v, i) => {
            r[names?.[i] ?? String(i)] = convert(v, types?.[i] ?? '');
          });
          out.push(r);
        }
      }
      if (out.length) yield out;
    }
  }
  async function read(sql: string, params?: ReportParams, opts?: QueryOptions) {
    const rows: ReportResultRow[] = [];
    for await (const chunk of rowsOf(sql, params, opts)) rows.push(...chunk);
    return rows;
  }
  const run: WriteRunner = async (sql, params) => {
    await client.command({ query: sql, query_params: params });
  };
  function write<T>(fn: Parameters<ReportStore['write']>[0]): Promise<T> {
    if (closed) return Promise.reject(new Error('report store is closed'));
    const result = writeChain.then(() => fn(run, (sql, params) => read(sql, params)) as Promise<T>);
    writeChain = result.catch(() => {});
    return track(result);
  }

  const staging: StagingSql = { run, read: (sql, params) => read(sql, params) };

  /**
   * Loads `rows` into staging tables, then swaps `days` in (clickhouse-staging.ts keeps the journal
   * that lets a start after a crash finish or undo it).
   */
  async function replaceDays(t: FactTable, days: string[], rows: FactRows) {
    for (const d of days) if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) throw new Error(`bad day ${d}`);
    const n = stageNames(t);
    const columns = tableColumns(t, Boolean(t.hourly)).map((c) => c.name) as [string, ...string[]];
    const stagingTables = [
      { name: n.view, view: true },
      { name: n.stage, view: false },
      ...(n.rollup ? [{ name: n.rollup.stage, view: false }] : []),
    ];
    // Journaled before any staging table exists, so whatever a crash leaves is found again.
    await journal(staging, n.tag, 'loading');
    const beat = heartbeat(staging, n.tag);
    let staged = false;
    let written = 0;
    try {
      await run(baseTableDdl(t, n.stage));
      if (n.rollup) {
        await run(rollupTableDdl(t, n.rollup.stage) ?? '');
        await run(rollupViewDdl(t, n.view, n.stage, n.rollup.stage));
      }
      async function* objects(chunks: AsyncIterable<ReportResultRow[]>) {
        for await (const chunk of chunks) {
          for (const row of chunk) {
            const o: Record<string, ReportValue> = {};
            for (const c of columns) o[c] = row[c] ?? null;
            written++;
            yield o;
          }
        }
      }
      try {
        if ('csvFile' in rows) {
          await client.insert({
            table: n.stage,
            values: createReadStream(rows.csvFile),
            format: 'CSVWithNames',
            columns,
          });
          written = Number((await read(`SELECT count() AS n FROM ${n.stage}`))[0]?.n ?? 0);
        } else {
          await client.insert({
            table: n.stage,
            values: Readable.from(objects(rows)),
            format: 'JSONEachRow',
            columns,
          });
        }
      } catch (err) {
        // No rows at all (ClickHouse code 108): the days are emptied below.
        if (!/No data to insert/i.test(err instanceof Error ? err.message : '')) throw err;
      }
      const plan: StagePlan = {
        pairs: [
          [n.base, n.stage],
          ...(n.rollup ? [[n.rollup.table, n.rollup.stage] as [string, string]] : []),
        ],
        days,
        staged: (await read(`SELECT DISTINCT toString(dt) AS d FROM ${n.stage}`)).map((r) => String(r.d)),
      };
      await journal(staging, n.tag, 'staged', plan);
      staged = true;
      await swapDays(staging, plan);
      await journal(staging, n.tag, 'done');
    } catch (err) {
      // Before `staged` nothing was swapped: undo. After it, the staging tables stay for the next
      // start to finish the swap (clickhouse-staging.ts `recoverStaging`).
      if (!staged) {
        await dropStaging(staging, stagingTables).catch(() => {});
        await journal(staging, n.tag, 'done').catch(() => {});
      }
      throw err;
    } finally {
      beat.stop();
    }
    await dropStaging(staging, stagingTables).catch(() => {});
    return written;
  }

  /** Recovers dead swaps (clickhouse-staging.ts); while some look alive, again once they would be stale. */
  async function sweep() {
    if (closed) return;
    const { pending } = await track(recoverStaging(staging, staleMs));
    clearTimeout(again);
    if (pending.length > 0 && !closed) {
      again = setTimeout(() => void sweep().catch(() => {}), staleMs + 1_000);
      again.unref();
    }
  }

  return {
    dialect: 'clickhouse',
    sweep,
    query(sql, params, opts) {
      if (closed) return Promise.reject(new Error('report store is closed'));
      return track(read(sql, params, opts));
    },
    async *stream(sql, params, opts) {
      if (closed) throw new Error('report store is closed');
      let finish: () => void = () => {};
      track(
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
      );
      try {
        yield* rowsOf(sql, params, opts);
      } finally {
        finish();
      }
    },
    write,
    replaceDays(t, days, rows) {
      if (on) return write(() => replaceDaysOnCluster({ client, run, read }, t, days, rows, on));
      return write(() => replaceDays(t, days, rows));
    },
    async close() {
      if (closed) return;
      closed = true;
      clearTimeout(again);
      await Promise.allSettled([...inFlight]);
      await client.close();
    },
  };
}

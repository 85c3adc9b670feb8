/**
 * The embedded report store (architecture §Stores): report facts in one DuckDB file.
 *
 * Default: `DATA_DIR/reports.duckdb`. Reads share a small pool of connections; writes run
 * one at a time on a dedicated connection (DuckDB has one writer per file anyway), so a write's temp
 * tables and multi-statement sequences are never interleaved. `close()` waits for in-flight work,
 * closes every connection and the instance, which releases the file lock.
 *
 * Cancellation: a read given an `AbortSignal` stops when it aborts, wherever it is: waiting for a
 * connection (leaves the queue), running (`connection.interrupt()`, DuckDB's own cancel), or
 * streaming. The call settles only once DuckDB has stopped, then rejects with the signal's reason, so
 * a caller that counts running work (reports/query-lanes.ts) frees its slot when the store is free.
 * Timeouts and queueing live above the store (query-lanes.ts), the same for every adapter.
 *
 * Reads run as prepared statements kept per connection by SQL text (statement-cache.ts), so the same
 * report statement is parsed and planned once per connection and then only bound and executed;
 * `statementStats()` counts prepares and reuses. Evicted statements are destroyed, and every kept one
 * before its connection closes. DuckDB binds a kept statement again by itself when a parameter's type
 * or the schema changed. Writes are not prepared (each is run once).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  type DuckDBConnection,
  type DuckDBDataChunk,
  DuckDBInstance,
  type DuckDBPreparedStatement,
  type DuckDBValue,
  listValue,
} from '@duckdb/node-api';
import { DEFAULT_REPORT_STORE_MEMORY_LIMIT } from '../../config.ts';
import { type FactTable, factSchemaSql, rollupSql, tableColumns } from '../fact-tables.ts';
import type {
  FactRows,
  QueryOptions,
  ReportParams,
  ReportResultRow,
  ReportStore,
  ReportValue,
  WriteRunner,
} from '../store.ts';
import { chunkSlices, plainBigInt } from './duckdb-columns.ts';
import { createStatementCache, type StatementCache, type StatementCacheStats } from './statement-cache.ts';

/**
 * Read connections: enough for every query lane's slots together (light 4 + heavy at most 4 +
 * exports 2, reports/query-lanes.ts), so a small list never waits for a connection held by a heavy
 * query. DuckDB connections of one instance are cheap; CPU is shared by DuckDB's own threads.
 */
const READ_POOL_SIZE = 10;

/**
 * Prepared statements kept per read connection (statement-cache.ts): the report screens' list, count
 * and totals statements of every kind and shape in use fit with room to spare; a statement is a few
 * KB of plan.
 */
const STATEMENTS_PER_CONNECTION = 64;

/**
 * Opens (creating if needed) a DuckDB file, or `:memory:`, as a report store, with DuckDB's memory
 * limit `memoryLimit` (REPORT_STORE_MEMORY_LIMIT; DuckDB size syntax such as '256MB').
 */
export async function openDuckDbStore(
  file: string,
  memoryLimit: string = DEFAULT_REPORT_STORE_MEMORY_LIMIT,
): Promise<ReportStore> {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const instance = await DuckDBInstance.create(file, { memory_limit: memoryLimit });
  const writer = await instance.connect();
  for (const ddl of factSchemaSql) await writer.run(ddl);

  const idle: DuckDBConnection[] = [];
  const all: DuckDBConnection[] = [writer];
  const waiting: ((c: DuckDBConnection) => void)[] = [];
  const inFlight = new Set<Promise<unknown>>();
  let writeChain: Promise<unknown> = Promise.resolve();
  let closed = false;
  const stats: StatementCacheStats = { prepared: 0, reused: 0, destroyed: 0 };
  const statements = new Map<DuckDBConnection, StatementCache<DuckDBPreparedStatement>>();
  /** `sql` prepared on the read connection `c`, kept for the next read of the same text. */
  function prepared(c: DuckDBConnection, sql: string): Promise<DuckDBPreparedStatement> {
    let cache = statements.get(c);
    if (!cache) {
      cache = createStatementCache(
        STATEMENTS_PER_CONNECTION,
        (text) => c.prepare(text),
        (st) => st.destroySync(),
        stats,
      );
      statements.set(c, cache);
    }
    return cache.get(sql);
  }
  /** The kept statement for `sql` on `c` with `params` bound (no other binding left from before). */
  async function bound(c: DuckDBConnection, sql: string, params?: ReportParams) {
    const st = await prepared(c, sql);
    st.clearBindings();
    const values = bindable(params);
    if (values) st.bind(values);
    return st;
  }

  async function acquire(signal?: AbortSignal): Promise<DuckDBConnection> {
    signal?.throwIfAborted();
    const c = idle.pop();
    if (c) return c;
    if (all.length - 1 < READ_POOL_SIZE) {
      const fresh = await instance.connect();
      all.push(fresh);
      return fresh;
    }
    return new Promise((resolve, reject) => {
      const give = (conn: DuckDBConnection) => {
        signal?.removeEventListener('abort', leave);
        resolve(conn);
      };
      const leave = () => {
        const i = waiting.indexOf(give);
        if (i >= 0) waiting.splice(i, 1);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', leave, { once: true });
      waiting.push(give);
    });
  }
  /**
   * Interrupts `c`'s statement when `signal` aborts, and again every 50 ms until the returned function
   * is called (when the call has settled): DuckDB clears the flag when a statement begins, so an
   * interrupt that lands before the statement started on DuckDB's thread would otherwise be lost.
   */
  function interruptOnAbort(c: DuckDBConnection, signal?: AbortSignal): () => void {
    if (!signal) return () => {};
    let again: NodeJS.Timeout | undefined;
    const stop = () => {
      c.interrupt();
      again = setInterval(() => c.interrupt(), 50);
    };
    signal.addEventListener('abort', stop, { once: true });
    if (signal.aborted) stop();
    return () => {
      signal.removeEventListener('abort', stop);
      clearInterval(again);
    };
  }
  function release(c: DuckDBConnection) {
    const next = waiting.shift();
    if (next) next(c);
    else idle.push(c);
  }
  function track<T>(p: Promise<T>): Promise<T> {
    inFlight.add(p);
    const done = () => inFlight.delete(p);
    p.then(done, done);
    return p;
  }
  /** Rows of `sql` on `c`: a kept prepared statement on a read connection, a one-off on the writer. */
  async function read(c: DuckDBConnection, sql: string, params?: ReportParams) {
    const reader =
      c === writer
        ? await c.runAndReadAll(sql, bindable(params))
        : await (await bound(c, sql, params)).runAndReadAll();
    return reader.getRowObjectsJS().map(toPlainRow);
  }
  function write<T>(fn: Parameters<ReportStore['write']>[0]): Promise<T> {
    if (closed) return Promise.reject(new Error('report store is closed'));
    const run: WriteRunner = async (sql, params) => {
      await writer.run(sql, bindable(params));
    };
    const result = writeChain.then(() => fn(run, (sql, params) => read(writer, sql, params)) as Promise<T>);
    writeChain = result.catch(() => {});
    return track(result);
  }

  /**
   * The raw chunks of `sql` on a read connection, with the result's column names; the connection is
   * held until the generator ends. DuckDB produces the next chunk on its threads while the caller
   * converts and writes this one.
   */
  async function* chunksOf(
    sql: string,
    params: ReportParams | undefined,
    opts: QueryOptions | undefined,
  ): AsyncGenerator<{ chunk: DuckDBDataChunk; names: string[] }> {
    if (closed) throw new Error('report store is closed');
    const signal = opts?.signal;
    const c = await acquire(signal);
    const done = interruptOnAbort(c, signal);
    let finish: () => void = () => {};
    track(
      new Promise<void>((resolve) => {
        finish = resolve;
      }),
    );
    let pending: Promise<unknown> = Promise.resolve();
    try {
      // The interrupt is armed before the statement starts: DuckDB may compute a whole sort or
      // aggregate before the first chunk.
      const result = await (await bound(c, sql, params)).stream();
      const names = result.deduplicatedColumnNames();
      let next = result.fetchChunk();
      pending = next;
      for (;;) {
        const chunk = await next;
        if (!chunk || chunk.rowCount === 0) break;
        next = result.fetchChunk();
        pending = next;
        yield { chunk, names };
      }
      // An interrupted stream ends like a complete one: say why it ended.
      signal?.throwIfAborted();
    } catch (err) {
      signal?.throwIfAborted();
      throw err;
    } finally {
      await pending.catch(() => {});
      done();
      release(c);
      finish();
    }
  }

  return {
    dialect: 'duckdb',
    query(sql, params, opts) {
      if (closed) return Promise.reject(new Error('report store is closed'));
      const signal = opts?.signal;
      return track(
        (async () => {
          const c = await acquire(signal);
          const done = interruptOnAbort(c, signal);
          try {
            const rows = await read(c, sql, params);
            signal?.throwIfAborted();
            return rows;
          } catch (err) {
            signal?.throwIfAborted();
            throw err;
          } finally {
            done();
            release(c);
          }
        })(),
      );
    },
    async *stream(sql, params, opts) {
      for await (const { chunk, names } of chunksOf(sql, params, opts))
        yield chunk.getRows().map((values) => {
          const row: ReportResultRow = {};
          values.forEach((value, i) => {
            row[names[i] ?? String(i)] = toPlainValue(value);
          });
          return row;
        });
    },
    async *streamColumns(sql, params, opts) {
      for await (const { chunk, names } of chunksOf(sql, params, opts))
        yield* chunkSlices(chunk, names, toPlainValue);
    },
    statementStats: () => ({ ...stats }),
    write,
    replaceDays(t, days, rows) {
      return write((run, read) => replaceDays(run, t, days, rows, read));
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.allSettled([...inFlight]);
      for (const cache of statements.values()) cache.clear();
      for (const c of all) c.closeSync();
      instance.closeSync();
    },
  };
}

/** Rows bound per INSERT statement of `replaceDays`. */
const INSERT_BATCH = 200;

/**
 * `ReportStore.replaceDays` in one transaction: delete the days from the base table, insert the rows
 * in bound batches, rebuild the rollup over the days' span (fact-tables.ts `rollupSql`).
 */
async function replaceDays(
  run: WriteRunner,
  t: FactTable,
  days: string[],
  rows: FactRows,
  read: (sql: string, params?: ReportParams) => Promise<ReportResultRow[]>,
): Promise<number> {
  const target = t.hourly ?? t.daily;
  if (!target) throw new Error(`${t.kind} has no table`);
  const columns = tableColumns(t, Boolean(t.hourly)).map((c) => c.name);
  const sorted = [...days].sort();
  let written = 0;
  await run('BEGIN TRANSACTION');
  try {
    if (sorted.length)
      await run(`DELETE FROM ${target} WHERE list_contains($days, strftime(dt, '%Y-%m-%d'))`, {
        days: sorted,
      });
    if ('csvFile' in rows) {
      const [before] = await read(`SELECT count(*) AS n FROM ${target}`);
      await run(
        `INSERT INTO ${target} (${columns.join(', ')}) SELECT ${columns.join(', ')}
         FROM read_csv($file, header = true, auto_detect = true) ORDER BY ${t.scope}, dt`,
        { file: rows.csvFile },
      );
      const [after] = await read(`SELECT count(*) AS n FROM ${target}`);
      written = Number(after?.n ?? 0) - Number(before?.n ?? 0);
    }
    for await (const chunk of 'csvFile' in rows ? [] : rows) {
      for (let i = 0; i < chunk.length; i += INSERT_BATCH) {
        const params: ReportParams = {};
        const values = chunk.slice(i, i + INSERT_BATCH).map((row, j) => {
          const names = columns.map((c, k) => {
            params[`c${j}_${k}`] = row[c] ?? null;
            return `$c${j}_${k}`;
          });
          return `(${names.join(', ')})`;
        });
        await run(`INSERT INTO ${target} (${columns.join(', ')}) VALUES ${values.join(', ')}`, params);
        written += Math.min(INSERT_BATCH, chunk.length - i);
      }
    }
    const rollup = rollupSql(t);
    if (rollup && t.daily && sorted.length) {
      const range = { start: sorted[0] ?? '', end: sorted[sorted.length - 1] ?? '' };
      await run(`DELETE FROM ${t.daily} WHERE dt BETWEEN $start::DATE AND $end::DATE`, range);
      await run(rollup, range);
    }
    await run('COMMIT');
  } catch (err) {
    await run('ROLLBACK');
    throw err;
  }
  return written;
}

/** Parameters as DuckDB binds them: arrays become LIST values. */
function bindable(params?: ReportParams): Record<string, DuckDBValue> | undefined {
  if (!params) return undefined;
  const out: Record<string, DuckDBValue> = {};
  for (const [k, v] of Object.entries(params)) out[k] = Array.isArray(v) ? listValue(v) : v;
  return out;
}

function toPlainRow(row: Record<string, unknown>): ReportResultRow {
  const out: ReportResultRow = {};
  for (const [k, v] of Object.entries(row)) out[k] = toPlainValue(v);
  return out;
}

function toPlainValue(v: unknown): ReportValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'bigint') return plainBigInt(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') return v;
  // Streamed chunks carry DuckDB value objects: decimals convert to numbers, dates to yyyy-MM-dd.
  if (typeof v === 'object' && 'toDouble' in v && typeof v.toDouble === 'function')
    return Number(v.toDouble());
  return String(v);
}

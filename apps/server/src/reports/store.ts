/**
 * The report store (architecture §Stores): report facts behind a small interface, so a ClickHouse
 * adapter can replace the embedded DuckDB file at scale (`REPORT_STORE_URL`).
 *
 * Embedded default: `DATA_DIR/reports.duckdb`. Reads share a small pool of connections; writes run
 * one at a time on a dedicated connection (DuckDB has one writer per file anyway), so a write's temp
 * tables and multi-statement sequences are never interleaved. `close()` waits for in-flight work,
 * closes every connection and the instance, which releases the file lock.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type DuckDBConnection, DuckDBInstance, type DuckDBValue, listValue } from '@duckdb/node-api';
import { type Config, DEFAULT_REPORT_STORE_MEMORY_LIMIT } from '../config.ts';
import { factSchemaSql } from './fact-tables.ts';

/**
 * A value bound to a named parameter (`$name` in the SQL); an array binds as a DuckDB LIST. Never
 * interpolate user input into SQL.
 */
export type ReportParam = string | number | boolean | null | (string | number)[];
export type ReportParams = Record<string, ReportParam>;
/** A value read back: BIGINT/HUGEINT as number (string beyond 2^53), DECIMAL as number, DATE as yyyy-MM-dd. */
export type ReportValue = string | number | boolean | null;
export type ReportResultRow = Record<string, ReportValue>;

/** Runs one statement inside a store write. */
export type WriteRunner = (sql: string, params?: ReportParams) => Promise<void>;

export interface ReportStore {
  /** SQL dialect the query builder must speak. */
  readonly dialect: 'duckdb';
  /** Runs a read query with named parameters; rows as plain objects. */
  query(sql: string, params?: ReportParams): Promise<ReportResultRow[]>;
  /** Runs `fn` with exclusive use of the writer (serialised with every other write). */
  write<T>(
    fn: (
      run: WriteRunner,
      read: (sql: string, params?: ReportParams) => Promise<ReportResultRow[]>,
    ) => Promise<T>,
  ): Promise<T>;
  /**
   * Runs a read query and yields its rows chunk by chunk (DuckDB vectors of up to 2048 rows), holding
   * one pooled connection until the iteration ends, so a large export never sits in memory whole.
   * Caution: DuckDB ends a stream that fails midway (e.g. out of memory) exactly like a complete one
   * (duckdb_fetch_chunk gives NULL for both, and the Node API does not expose the error), so a caller
   * that must have every row checks the count (modules/reports/report-service.ts `sendExport`).
   */
  stream(sql: string, params?: ReportParams): AsyncGenerator<ReportResultRow[]>;
  /** Waits for in-flight work, then releases every connection and the file. Idempotent. */
  close(): Promise<void>;
}

const READ_POOL_SIZE = 4;

/** Opens the configured report store and ensures its schema. */
export async function openReportStore(config: Config): Promise<ReportStore> {
  if (config.reportStoreUrl) {
    const url = config.reportStoreUrl;
    if (!url.startsWith('duckdb:')) {
      throw new Error(
        `REPORT_STORE_URL: only duckdb:<path> is built in (got ${url.split(':')[0]}:); a ClickHouse adapter implements ReportStore`,
      );
    }
    return openDuckDbStore(url.slice('duckdb:'.length).replace(/^\/\//, ''), config.reportStoreMemoryLimit);
  }
  return openDuckDbStore(path.join(config.dataDir, 'reports.duckdb'), config.reportStoreMemoryLimit);
}

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

  async function acquire(): Promise<DuckDBConnection> {
    const c = idle.pop();
    if (c) return c;
    if (all.length - 1 < READ_POOL_SIZE) {
      const fresh = await instance.connect();
      all.push(fresh);
      return fresh;
    }
    return new Promise((resolve) => waiting.push(resolve));
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
  async function read(c: DuckDBConnection, sql: string, params?: ReportParams) {
    const reader = await c.runAndReadAll(sql, bindable(params));
    return reader.getRowObjectsJS().map(toPlainRow);
  }

  return {
    dialect: 'duckdb',
    query(sql, params) {
      if (closed) return Promise.reject(new Error('report store is closed'));
      return track(
        (async () => {
          const c = await acquire();
          try {
            return await read(c, sql, params);
          } finally {
            release(c);
          }
        })(),
      );
    },
    async *stream(sql, params) {
      if (closed) throw new Error('report store is closed');
      const c = await acquire();
      let finish: () => void = () => {};
      track(
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
      );
      let pending: Promise<unknown> = Promise.resolve();
      try {
        const result = await c.stream(sql, bindable(params));
        const names = result.deduplicatedColumnNames();
        let next = result.fetchChunk();
        pending = next;
        for (;;) {
          const chunk = await next;
          if (!chunk || chunk.rowCount === 0) break;
          // DuckDB produces the next chunk on its threads while this one is converted and written.
          next = result.fetchChunk();
          pending = next;
          yield chunk.getRows().map((values) => {
            const row: ReportResultRow = {};
            values.forEach((value, i) => {
              row[names[i] ?? String(i)] = toPlainValue(value);
            });
            return row;
          });
        }
      } finally {
        await pending.catch(() => {});
        release(c);
        finish();
      }
    },
    write(fn) {
      if (closed) return Promise.reject(new Error('report store is closed'));
      const run: WriteRunner = async (sql, params) => {
        await writer.run(sql, bindable(params));
      };
      const result = writeChain.then(() => fn(run, (sql, params) => read(writer, sql, params)));
      writeChain = result.catch(() => {});
      return track(result);
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.allSettled([...inFlight]);
      for (const c of all) c.closeSync();
      instance.closeSync();
    },
  };
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
  if (typeof v === 'bigint') {
    return v <= BigInt(Number.MAX_SAFE_INTEGER) && v >= BigInt(Number.MIN_SAFE_INTEGER)
      ? Number(v)
      : v.toString();
  }
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') return v;
  // Streamed chunks carry DuckDB value objects: decimals convert to numbers, dates to yyyy-MM-dd.
  if (typeof v === 'object' && 'toDouble' in v && typeof v.toDouble === 'function')
    return Number(v.toDouble());
  return String(v);
}

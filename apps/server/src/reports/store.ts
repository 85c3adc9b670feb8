/**
 * The report store (architecture §Stores): report facts behind one small interface, with one adapter
 * per engine under `stores/`: the embedded DuckDB file (default) and ClickHouse at scale
 * (`REPORT_STORE_URL`). The query builder renders each adapter's `dialect` from the same catalogue
 * (query-builder.ts, sql-dialect.ts), so a third store is one more adapter and one more dialect.
 * This file holds the interface only; open-store.ts picks and opens the configured adapter, so the
 * adapters can import the interface without a cycle.
 */
import type { FactTable } from './fact-tables.ts';
import type { StatementCacheStats } from './stores/statement-cache.ts';

/**
 * A value bound to a named parameter (`$name` in DuckDB SQL, `{name:Type}` in ClickHouse SQL); an
 * array binds as a DuckDB LIST or a ClickHouse Array. Never interpolate user input into SQL.
 */
export type ReportParam = string | number | boolean | null | (string | number)[];
export type ReportParams = Record<string, ReportParam>;
/** A value read back: 64-bit integers as number (string beyond 2^53), DECIMAL as number, DATE as yyyy-MM-dd. */
export type ReportValue = string | number | boolean | null;
export type ReportResultRow = Record<string, ReportValue>;
/**
 * Rows column by column (exports: no object per row): `columns[name][i]` is row i's cell, every
 * column `rowCount` long, values as in `ReportValue`.
 */
export type ColumnChunk = { rowCount: number; columns: Record<string, ReportValue[]> };

/** Runs one statement inside a store write. */
export type WriteRunner = (sql: string, params?: ReportParams) => Promise<void>;

/**
 * Limits of one read: `signal` abandons it (the engine stops the query where it can), `timeoutMs`
 * bounds its run time on the engine (ClickHouse `max_execution_time`).
 */
export type QueryOptions = { signal?: AbortSignal; timeoutMs?: number };
/** Per-call options of a read as the query lanes pass them (reports/query-lanes.ts). */
export type ReadOptions = QueryOptions;

/**
 * Fact rows to load: objects in chunks (every column of `tableColumns`, dt as yyyy-MM-dd, money as a
 * decimal string or number), or a CSV file with a header row naming those columns (RFC 4180, the way
 * DuckDB's `COPY … TO` writes it), which moves large loads without a JavaScript object per row.
 */
export type FactRows = AsyncIterable<ReportResultRow[]> | { csvFile: string };

/** The SQL dialects the query builder renders (sql-dialect.ts). */
export type DialectName = 'duckdb' | 'clickhouse';

export interface ReportStore {
  /** SQL dialect the query builder must speak. */
  readonly dialect: DialectName;
  /**
   * Runs a read query with named parameters; rows as plain objects. Rejects with `opts.signal`'s
   * reason once the statement has stopped when the signal aborts.
   */
  query(sql: string, params?: ReportParams, opts?: QueryOptions): Promise<ReportResultRow[]>;
  /** Runs `fn` with exclusive use of this process's writer (serialised with its every other write). */
  write<T>(
    fn: (
      run: WriteRunner,
      read: (sql: string, params?: ReportParams) => Promise<ReportResultRow[]>,
    ) => Promise<T>,
  ): Promise<T>;
  /**
   * Runs a read query and yields its rows chunk by chunk, so a large export never sits in memory
   * whole. Caution: DuckDB ends a stream that fails midway (e.g. out of memory) exactly like a
   * complete one, so a caller that must have every row checks the count
   * (modules/reports/report-service.ts `sendExport`).
   */
  stream(sql: string, params?: ReportParams, opts?: QueryOptions): AsyncGenerator<ReportResultRow[]>;
  /**
   * `stream` column by column, where the engine can hand its chunks over that way without a row
   * object (DuckDB: stores/duckdb-columns.ts); same rows, same values, same caution. Callers use
   * `streamColumns` (below), which falls back to `stream` elsewhere.
   */
  streamColumns?(sql: string, params?: ReportParams, opts?: QueryOptions): AsyncGenerator<ColumnChunk>;
  /**
   * Prepared statements made and reused since the store opened, on stores that keep them (DuckDB:
   * stores/statement-cache.ts); absent where the engine has none to keep (ClickHouse over HTTP).
   */
  statementStats?(): StatementCacheStats;
  /**
   * Replaces exactly the days `days` (yyyy-MM-dd) of fact table `t` (its hourly table, else its daily
   * one) with `rows` (`FactRows`, all of them on those days) and brings the daily rollup of those days
   * in line. Returns the number of rows written. Days of `days` without rows end up empty; other days
   * are untouched.
   */
  replaceDays(t: FactTable, days: string[], rows: FactRows): Promise<number>;
  /** Waits for in-flight work, then releases every connection (and the DuckDB file). Idempotent. */
  close(): Promise<void>;
}

/** The report store does not exist and was not to be created (`openReportStore` with `create: false`). */
export class ReportStoreMissingError extends Error {
  constructor(readonly where: string) {
    super(`the report store ${where} does not exist`);
    this.name = 'ReportStoreMissingError';
  }
}

/** `rows` (objects with the same keys) column by column; keys from the first row. */
export function toColumns(rows: ReportResultRow[]): ColumnChunk {
  const columns: Record<string, ReportValue[]> = {};
  for (const key of Object.keys(rows[0] ?? {})) columns[key] = rows.map((r) => r[key] ?? null);
  return { rowCount: rows.length, columns };
}

/** The rows of `sql` column by column: the store's `streamColumns`, else its `stream` regrouped. */
export async function* streamColumns(
  store: ReportStore,
  sql: string,
  params?: ReportParams,
  opts?: QueryOptions,
): AsyncGenerator<ColumnChunk> {
  if (store.streamColumns) {
    yield* store.streamColumns(sql, params, opts);
    return;
  }
  for await (const rows of store.stream(sql, params, opts)) yield toColumns(rows);
}

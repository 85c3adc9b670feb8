/**
 * Opening the configured report store (store.ts is the interface, stores/ the adapters): the one place
 * that knows every adapter, kept apart from the interface so that the adapters, which import the
 * interface, and the interface never import each other.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { type ReportStore, ReportStoreMissingError } from './store.ts';
import { clickhouseDatabaseExists, clickhouseUrlOptions, openClickHouseStore } from './stores/clickhouse.ts';
import { openDuckDbStore } from './stores/duckdb.ts';

/** The DuckDB file `config` names: `DATA_DIR/reports.duckdb`, or the path of `duckdb:<path>`; else null. */
export function duckDbFileOf(config: Pick<Config, 'reportStoreUrl' | 'dataDir'>): string | null {
  const url = config.reportStoreUrl;
  if (!url) return path.join(config.dataDir, 'reports.duckdb');
  if (url.startsWith('duckdb:')) return url.slice('duckdb:'.length).replace(/^\/\//, '');
  return null;
}

/**
 * Opens the configured report store and ensures its schema: `REPORT_STORE_URL` unset → the DuckDB
 * file `DATA_DIR/reports.duckdb`; `duckdb:<path>` → that file; `clickhouse://user:pass@host:8123/db`
 * or `http(s)://…/db` → ClickHouse over HTTP (on the cluster `REPORT_STORE_CLUSTER` when set). A missing
 * store (file, ClickHouse database) is created, unless `create: false`: then ReportStoreMissingError.
 * Throws on any other scheme.
 */
export async function openReportStore(config: Config, opts: { create?: boolean } = {}): Promise<ReportStore> {
  const create = opts.create ?? true;
  const url = config.reportStoreUrl;
  const file = duckDbFileOf(config);
  if (file !== null) {
    if (!create && file !== ':memory:' && !existsSync(file)) throw new ReportStoreMissingError(file);
    return openDuckDbStore(file, config.reportStoreMemoryLimit);
  }
  if (url && /^(clickhouses?|https?):\/\//.test(url)) {
    if (!create && !(await clickhouseDatabaseExists(url))) {
      throw new ReportStoreMissingError(`ClickHouse database ${clickhouseUrlOptions(url).database}`);
    }
    return openClickHouseStore(url, { cluster: config.reportStoreCluster });
  }
  throw new Error(
    `REPORT_STORE_URL: expected duckdb:<path>, clickhouse://… or http(s)://… (got ${url?.split(':')[0]}:)`,
  );
}

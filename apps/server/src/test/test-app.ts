/**
 * Test harness: a real app on a fresh, migrated store. PGlite in the app's temp DATA_DIR by default;
 * with `TEST_DATABASE_URL` set, tests built with `db: 'postgres'` get a fresh database on that server,
 * dropped on close. Both start as a copy of the run's migrated template (store-templates.ts: built once
 * per `vitest run` by global-setup.ts) instead of migrating an empty store. The report store lives in a fresh temp DATA_DIR (DuckDB), or with
 * `reportStore: 'clickhouse'` in a fresh database of this test file's chDB endpoint
 * (chdb-endpoint.ts: ClickHouse's HTTP interface on ClickHouse's engine), dropped on close.
 */
import { generateKeyPair } from 'node:crypto';
import { cpSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type DbHandle, openDb } from '../db/client.ts';
import { type ChdbEndpoint, startChdbEndpoint } from './chdb-endpoint.ts';
import {
  adminStatement,
  copyPgliteTemplate,
  databaseUrl,
  type StoreTemplates,
  snapshotDatabaseName,
} from './store-templates.ts';

export const TEST_CAPTCHA = '424242';

export type TestAppOptions = {
  /** 'pglite' (default) or 'postgres' (needs TEST_DATABASE_URL). */
  db?: 'pglite' | 'postgres';
  env?: Record<string, string>;
  now?: () => Date;
  /** 'duckdb' (default) or 'clickhouse' (the production adapter against this file's chDB endpoint). */
  reportStore?: ReportStoreKind;
  /**
   * Stores shared with other test apps (several instances): used as given, never dropped. Without
   * `reportStoreUrl` each app has its own DuckDB file.
   */
  shared?: { databaseUrl: string; reportStoreUrl?: string };
  /** Log lines go here (at `LOG_LEVEL`, `info` unless `env` says otherwise) instead of nowhere. */
  logStream?: { write: (line: string) => void };
  /** Start on copies of these stores (snapshotStores) instead of the migrated template. */
  from?: StoreSnapshot;
};

/** A closed test app's stores, kept for later apps to start from (`createTestApp({ from })`). */
export type StoreSnapshot = {
  /** Its DATA_DIR (PGlite directory, DuckDB file), under the run's scratch directory. */
  dataDir: string;
  /** Its PostgreSQL database, or null on PGlite. */
  postgresDatabase: string | null;
};

export type ReportStoreKind = 'duckdb' | 'clickhouse';

/** The report stores every report suite runs on: the embedded DuckDB file and ClickHouse (chDB). */
export const testReportStores: ReportStoreKind[] = ['duckdb', 'clickhouse'];

/**
 * (accounts store, report store) pairs of the report suites: every accounts store with DuckDB, and
 * PGlite with ClickHouse.
 */
export const testStorePairs: ['pglite' | 'postgres', ReportStoreKind][] = [
  ...(process.env.TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const)).map(
    (db): ['pglite' | 'postgres', ReportStoreKind] => [db, 'duckdb'],
  ),
  ['pglite', 'clickhouse'],
];

/**
 * Per-test timeout (ms) of the report suites: each test pages through lists and exports on a shared 2-core machine,
 * and the ClickHouse runs go through HTTP to chDB, so a test may take well over the default 30 s.
 */
export const reportSuiteTimeout = 180_000;

let endpoint: Promise<ChdbEndpoint> | undefined;

/**
 * One chDB endpoint per test file: chDB starts in ~0.5 s and holds every test database. A test process
 * runs several files (vitest.config.ts, isolate: false) and chDB allows one data directory per
 * process, so file-teardown.ts closes it after each file, as the end of the file's process used to.
 */
export function sharedChdbEndpoint(): Promise<ChdbEndpoint> {
  endpoint ??= startChdbEndpoint();
  return endpoint;
}

/** Closes this file's chDB endpoint, if one was started (a later call to sharedChdbEndpoint starts another). */
export async function closeSharedChdbEndpoint(): Promise<void> {
  const started = endpoint;
  endpoint = undefined;
  if (started) await (await started).close();
}

/** A fresh database on the shared chDB endpoint: its REPORT_STORE_URL and a function dropping it. */
export async function freshClickHouseDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const ep = await sharedChdbEndpoint();
  const name = `portal_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  return {
    url: `clickhouse://default:@${new URL(ep.url).host}/${name}`,
    drop: async () => {
      await ep.exec(`DROP DATABASE IF EXISTS ${name}`);
    },
  };
}

/** Which stores the suite runs on: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set. */
export const testDbKinds: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export type TestApp = { app: FastifyInstance; config: Config; dataDir: string; close: () => Promise<void> };

let sharedKey: Promise<string> | undefined;

/** One RSA key per test process: generating a 2048-bit key for every app would cost ~1 s each. */
function testRsaKey(): Promise<string> {
  sharedKey ??= promisify(generateKeyPair)('rsa', { modulusLength: 2048 }).then(({ privateKey }) =>
    privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  );
  return sharedKey;
}

/** The run's store templates (global-setup.ts), or undefined outside the server project's run. */
function storeTemplates(): StoreTemplates | undefined {
  return inject('storeTemplates');
}

/**
 * A fresh database on TEST_DATABASE_URL's server: its URL and a function dropping it. Empty unless
 * `migrated` is set, then a copy of the run's migrated template (`CREATE DATABASE … TEMPLATE`; an
 * empty database the migrator then fills when there is no template), or `template` is given, then a
 * copy of that database.
 */
export async function freshPostgresDatabase(
  opts: { migrated?: boolean; template?: string } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `portal_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const template = opts.template ?? (opts.migrated ? storeTemplates()?.postgresDatabase : null);
  await adminStatement(base, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  return {
    url: databaseUrl(base, name),
    drop: () => adminStatement(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * Puts a copy of the run's migrated PGlite template at `pgliteDir`, which must not exist yet; nothing
 * without a template (outside the server project's run), so `openDb` then migrates an empty store.
 */
export function copyMigratedPglite(pgliteDir: string): void {
  const templates = storeTemplates();
  if (templates) copyPgliteTemplate(templates, pgliteDir);
}

/**
 * A PGlite store of its own (a temp directory) on a copy of the run's migrated template, opened by the
 * production `openDb`. Its `close` also removes the directory.
 */
export async function freshPgliteDb(): Promise<DbHandle> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-pglite-'));
  copyMigratedPglite(path.join(dir, 'pglite'));
  const handle = await openDb({ pgliteDir: path.join(dir, 'pglite') });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Whether snapshotStores can keep stores: only in the server project's run, whose teardown drops them. */
export function snapshotsKept(): boolean {
  return storeTemplates() !== undefined;
}

/**
 * Closes `t`'s app and keeps its stores as a snapshot: the DATA_DIR is moved aside (the run's scratch
 * directory goes at the end of the run), the PostgreSQL database renamed after the run's template,
 * whose teardown drops it (store-templates.ts). Only in the server project's run (snapshotsKept) and
 * not for a ClickHouse report store, which lives in the test file's chDB endpoint. `t.close()`
 * afterwards finds nothing left to remove.
 */
export async function snapshotStores(t: TestApp): Promise<StoreSnapshot> {
  const templates = storeTemplates();
  if (!templates || t.config.reportStoreUrl) throw new Error('these stores cannot be kept');
  await t.app.close();
  const dataDir = `${t.dataDir}-snapshot`;
  renameSync(t.dataDir, dataDir);
  const base = process.env.TEST_DATABASE_URL;
  if (!t.config.databaseUrl || !base || !templates.postgresDatabase)
    return { dataDir, postgresDatabase: null };
  const name = new URL(t.config.databaseUrl).pathname.slice(1);
  const kept = snapshotDatabaseName(templates.postgresDatabase, Math.random().toString(36).slice(2, 10));
  await adminStatement(base, `ALTER DATABASE ${name} RENAME TO ${kept}`);
  return { dataDir, postgresDatabase: kept };
}

export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  if (opts.from) cpSync(opts.from.dataDir, dataDir, { recursive: true });
  let databaseUrl: string | undefined = opts.shared?.databaseUrl;
  let dropDb: (() => Promise<void>) | undefined;
  if (opts.db === 'postgres' && !opts.shared) {
    const from = opts.from?.postgresDatabase;
    const pg = await freshPostgresDatabase(from ? { template: from } : { migrated: true });
    databaseUrl = pg.url;
    dropDb = pg.drop;
  }
  const ch = opts.reportStore === 'clickhouse' && !opts.shared ? await freshClickHouseDatabase() : undefined;
  const reportStoreUrl = opts.shared?.reportStoreUrl ?? ch?.url;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    CAPTCHA_TEST_ANSWER: TEST_CAPTCHA,
    DEMO_SEED: 'false',
    LOG_LEVEL: opts.logStream ? 'info' : 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    PORTAL_RSA_PRIVATE_KEY: await testRsaKey(),
    // Background jobs run when a test asks (`app.jobs.runDue()`), on the test's clock.
    JOB_POLL_MS: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(reportStoreUrl ? { REPORT_STORE_URL: reportStoreUrl } : {}),
    ...opts.env,
  });
  if (!databaseUrl) {
    config.databaseUrl = undefined;
    // app.ts opens PGlite in DATA_DIR/pglite: start it as a copy of the migrated template.
    if (!opts.from) copyMigratedPglite(path.join(config.dataDir, 'pglite'));
  }
  const app = await buildApp(config, {
    now: opts.now,
    ...(opts.logStream ? { logStream: opts.logStream } : { logger: false }),
  });
  await app.ready();
  return {
    app,
    config,
    dataDir,
    close: async () => {
      await app.close();
      await dropDb?.();
      await ch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The PostgreSQL baseline: the same SDK hourly facts in a plain `sdk_hourly` table of the local server
 * (database portal_bench, created when missing), with the composite btree index (app_key, dt) a typical
 * portal back end would add, and no rollup. Rows are loaded in arrival order (dt, hour), as an hourly
 * ingest would write them, by exporting CSV from DuckDB and COPY … FROM STDIN. A load is reused while
 * bench_meta records the same facts (row count, last day, seed). Also the accounts database of a bench
 * server on PostgreSQL (`ensurePgAccounts`).
 */
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import postgres from 'postgres';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { users } from '../../apps/server/src/db/schema/users.ts';
import { seedDemoAccounts } from '../../apps/server/src/demo/accounts.ts';
import type { ReportStore } from '../../apps/server/src/reports/store.ts';
import { type DatasetMeta, serverEnv } from './dataset.ts';
import { outDir } from './stats.ts';

export const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const PG_DB = 'portal_bench';

/** The URL of database `name` on the bench PostgreSQL server. */
function dbUrl(name: string): string {
  const u = new URL(PG_ADMIN_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

export function pgUrl(): string {
  return dbUrl(PG_DB);
}

/** Creates database `name` on the bench server when missing; returns its URL. */
async function ensureDatabase(name: string): Promise<string> {
  const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
  try {
    const [row] = await admin`SELECT 1 AS ok FROM pg_database WHERE datname = ${name}`;
    if (!row) await admin.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return dbUrl(name);
}

type LoadKey = { hourlyRows: number; endDate: string; seed: number; requestedRows: number };

/** Connection to portal_bench (created if missing); `max` connections. */
export async function connectPg(max = 4): Promise<postgres.Sql> {
  return postgres(await ensureDatabase(PG_DB), { max, onnotice: () => {} });
}

/** True when portal_bench already holds the facts of `meta`. */
export async function pgHolds(sql: postgres.Sql, meta: DatasetMeta): Promise<boolean> {
  await sql`CREATE TABLE IF NOT EXISTS bench_meta (id int PRIMARY KEY, value jsonb NOT NULL)`;
  const [row] = await sql<{ value: LoadKey }[]>`SELECT value FROM bench_meta WHERE id = 1`;
  const want = loadKey(meta);
  // jsonb keeps its own key order, so compare field by field, not as JSON text.
  return !!row && (Object.keys(want) as (keyof LoadKey)[]).every((k) => row.value[k] === want[k]);
}

function loadKey(meta: DatasetMeta): LoadKey {
  return {
    hourlyRows: meta.hourlyRows,
    endDate: meta.endDate,
    seed: meta.seed,
    requestedRows: meta.requestedRows,
  };
}

/** Replaces sdk_hourly in portal_bench with the facts of `store`; seconds per step. */
export async function loadPg(
  sql: postgres.Sql,
  store: ReportStore,
  meta: DatasetMeta,
): Promise<{ exportSeconds: number; copySeconds: number; indexSeconds: number }> {
  const csv = path.join(outDir, `pg-load-${process.pid}.csv`);
  const t0 = performance.now();
  try {
    await store.write((run) =>
      run(`COPY (SELECT dt, hour, app_key, placement_id, placement_name, ad_style, geo,
                        request, response, impression, click, revenue
                 FROM sdk_hourly ORDER BY dt, hour, app_key) TO '${csv.replaceAll("'", "''")}' (FORMAT csv, HEADER false)`),
    );
    const t1 = performance.now();
    await sql`DELETE FROM bench_meta`;
    await sql`DROP TABLE IF EXISTS sdk_hourly`;
    await sql`CREATE TABLE sdk_hourly (
      dt date NOT NULL,
      hour smallint NOT NULL,
      app_key text NOT NULL,
      placement_id text NOT NULL,
      placement_name text NOT NULL,
      ad_style smallint NOT NULL,
      geo text NOT NULL,
      request bigint NOT NULL,
      response bigint NOT NULL,
      impression bigint NOT NULL,
      click bigint NOT NULL,
      revenue numeric(18, 6) NOT NULL
    )`;
    const writable = await sql.unsafe('COPY sdk_hourly FROM STDIN (FORMAT csv)').writable();
    await pipeline(createReadStream(csv), writable);
    const t2 = performance.now();
    await sql`CREATE INDEX sdk_hourly_app_dt ON sdk_hourly (app_key, dt)`;
    await sql`VACUUM ANALYZE sdk_hourly`;
    const t3 = performance.now();
    await sql`INSERT INTO bench_meta VALUES (1, ${sql.json(loadKey(meta))})`;
    return {
      exportSeconds: (t1 - t0) / 1000,
      copySeconds: (t2 - t1) / 1000,
      indexSeconds: (t3 - t2) / 1000,
    };
  } finally {
    rmSync(csv, { force: true });
  }
}

export const PG_ACCOUNTS_DB = 'portal_bench_accounts';

/**
 * A PostgreSQL accounts store with the demo accounts (database portal_bench_accounts, created,
 * migrated and seeded when missing), for a bench server that runs like a production deployment
 * (`DATABASE_URL`) instead of on the embedded PGlite. Returns its URL. The demo accounts are the same
 * as in the data directory's PGlite (seedDemoAccounts is deterministic), so logins and scopes match.
 */
export async function ensurePgAccounts(): Promise<string> {
  const url = await ensureDatabase(PG_ACCOUNTS_DB);
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'bench-accounts-'));
  const app = await buildApp(loadConfig(serverEnv(scratch, { DATABASE_URL: url, LOG_LEVEL: 'silent' })), {
    logger: false,
  });
  try {
    await app.ready();
    const [seeded] = await app.db.select({ id: users.id }).from(users).limit(1);
    if (!seeded) await seedDemoAccounts(app.db);
  } finally {
    await app.close();
    rmSync(scratch, { recursive: true, force: true });
  }
  return url;
}

/**
 * The PostgreSQL baseline, like for like (issue 11 item 6): the same SDK facts in the same two grains
 * the product reads, `sdk_hourly` and its daily rollup `sdk_daily`, in database portal_bench of the
 * local server (created when missing), each with the composite btree index (app_key, dt) a typical
 * portal back end would add. Queries read the rollup unless they show the hour, as the product does
 * (bench/lib/queries.ts). Rows are loaded in arrival order (dt, hour), as an ingest would write them,
 * by exporting CSV from DuckDB and COPY … FROM STDIN. A load is reused while bench_meta records the
 * same facts (row counts, last day, seed, layout). Also the accounts database of a bench server on
 * PostgreSQL (`ensurePgAccounts`).
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

type LoadKey = {
  hourlyRows: number;
  dailyRows: number;
  endDate: string;
  seed: number;
  requestedRows: number;
  /** What tables a load holds; a new layout reloads. */
  layout: string;
};

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
    dailyRows: meta.dailyRows,
    layout: 'sdk_hourly+sdk_daily',
    endDate: meta.endDate,
    seed: meta.seed,
    requestedRows: meta.requestedRows,
  };
}

const COLUMNS = `placement_id text NOT NULL,
      placement_name text NOT NULL,
      ad_style smallint NOT NULL,
      geo text NOT NULL,
      request bigint NOT NULL,
      response bigint NOT NULL,
      impression bigint NOT NULL,
      click bigint NOT NULL,
      revenue numeric(18, 6) NOT NULL`;
const KEYS_AND_COUNTERS =
  'app_key, placement_id, placement_name, ad_style, geo, request, response, impression, click, revenue';

/**
 * Replaces sdk_hourly and sdk_daily in portal_bench with the facts of `store`; seconds per step
 * (both tables together).
 */
export async function loadPg(
  sql: postgres.Sql,
  store: ReportStore,
  meta: DatasetMeta,
): Promise<{ exportSeconds: number; copySeconds: number; indexSeconds: number }> {
  const seconds = { exportSeconds: 0, copySeconds: 0, indexSeconds: 0 };
  await sql`DELETE FROM bench_meta`;
  for (const hourly of [true, false]) {
    const table = hourly ? 'sdk_hourly' : 'sdk_daily';
    const time = hourly ? 'dt, hour' : 'dt';
    const csv = path.join(outDir, `pg-load-${table}-${process.pid}.csv`);
    const t0 = performance.now();
    try {
      await store.write((run) =>
        run(`COPY (SELECT ${time}, ${KEYS_AND_COUNTERS} FROM ${table} ORDER BY ${time}, app_key)
             TO '${csv.replaceAll("'", "''")}' (FORMAT csv, HEADER false)`),
      );
      const t1 = performance.now();
      await sql.unsafe(`DROP TABLE IF EXISTS ${table}`);
      await sql.unsafe(`CREATE TABLE ${table} (
        dt date NOT NULL,
        ${hourly ? 'hour smallint NOT NULL,' : ''}
        app_key text NOT NULL,
        ${COLUMNS}
      )`);
      const writable = await sql.unsafe(`COPY ${table} FROM STDIN (FORMAT csv)`).writable();
      await pipeline(createReadStream(csv), writable);
      const t2 = performance.now();
      await sql.unsafe(`CREATE INDEX ${table}_app_dt ON ${table} (app_key, dt)`);
      await sql.unsafe(`VACUUM ANALYZE ${table}`);
      const t3 = performance.now();
      seconds.exportSeconds += (t1 - t0) / 1000;
      seconds.copySeconds += (t2 - t1) / 1000;
      seconds.indexSeconds += (t3 - t2) / 1000;
    } finally {
      rmSync(csv, { force: true });
    }
  }
  await sql`INSERT INTO bench_meta VALUES (1, ${sql.json(loadKey(meta))})`;
  return seconds;
}

/** The accounts database's name: BENCH_PG_ACCOUNTS_DB (e.g. one per person on a shared server) or the default. */
export const PG_ACCOUNTS_DB = process.env.BENCH_PG_ACCOUNTS_DB ?? 'portal_bench_accounts';

/**
 * A PostgreSQL accounts store with the demo accounts (database PG_ACCOUNTS_DB, created,
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

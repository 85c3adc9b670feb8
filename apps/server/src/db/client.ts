/**
 * The accounts store (architecture §Stores): PGlite under DATA_DIR by default, a PostgreSQL server when
 * DATABASE_URL is set. Both run the same generated migrations (src/db/drizzle) at open, under a
 * PostgreSQL advisory lock (`withLock`), so several instances started at the same moment on an empty
 * database migrate one after the other instead of racing on `CREATE TABLE` (PGlite takes the same lock,
 * harmlessly: it has one connection).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { withKeptPlans } from './pglite-plans.ts';

/** Either driver's database; query code is written once against this type. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction of `Db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database or a transaction of it: what store functions that may run inside one take. */
export type Executor = Db | Tx;

/**
 * Session-level advisory locks of start-up work (PostgreSQL `pg_advisory_lock(class, id)`), one id per
 * kind of work; the class is `0x706f7274` ("port"). Held on a connection of their own, so a process
 * that dies releases them with its connection.
 */
export const ADVISORY_LOCK = { migrate: 1, demoSeed: 2, keyRing: 3 } as const;
export const ADVISORY_LOCK_CLASS = 0x706f7274;
export type AdvisoryLock = (typeof ADVISORY_LOCK)[keyof typeof ADVISORY_LOCK];

export type DbHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` holding advisory lock `lock` (ADVISORY_LOCK): every other process asking for the same
   * lock waits until `fn` settled. Do not nest calls of the same lock.
   */
  withLock<T>(lock: AdvisoryLock, fn: () => Promise<T>): Promise<T>;
  close: () => Promise<void>;
};

/**
 * The embedded store's buffer cache, in PGlite's WebAssembly memory (in the server process, and never
 * handed back). PostgreSQL's default (128 MB) is all touched at start; the accounts data of the 10 M-fact
 * bench is 8.6 MB of relations in all, its hot tables (sessions, users, apps) far less. Resident
 * WebAssembly memory after start and a round of reads: 30 MiB at 16 MB, 22 MiB at 8 MB, 18 MiB at 4 MB
 * (bench/RESULTS.md, issue 26 item 3: export peak RSS).
 */
export const PGLITE_SHARED_BUFFERS = '8MB';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'drizzle');

/**
 * Opens and migrates the store. `databaseUrl` selects PostgreSQL; otherwise PGlite in `pgliteDir`
 * (`memory://` for an in-memory database, used by tests). `onQuery` sees the SQL text of every
 * statement before it runs (plugins/caller-cache.ts watches for writes).
 */
export async function openDb(opts: {
  databaseUrl?: string;
  pgliteDir: string;
  onQuery?: (sql: string) => void;
}): Promise<DbHandle> {
  const onQuery = opts.onQuery;
  const logger = onQuery ? { logQuery: (query: string) => onQuery(query) } : undefined;
  if (opts.databaseUrl) {
    const url = opts.databaseUrl;
    const sql = postgres(url, { max: 10, onnotice: () => {} });
    const db = drizzlePostgres(sql, { logger });
    const withLock = <T>(lock: AdvisoryLock, fn: () => Promise<T>) => withPostgresLock(url, lock, fn);
    try {
      await withLock(ADVISORY_LOCK.migrate, () => migratePostgres(db, { migrationsFolder }));
    } catch (err) {
      await sql.end({ timeout: 5 });
      throw err;
    }
    return { db: db as unknown as Db, kind: 'postgres', withLock, close: () => sql.end({ timeout: 5 }) };
  }
  if (!opts.pgliteDir.startsWith('memory://')) mkdirSync(opts.pgliteDir, { recursive: true });
  // Loaded only here: PGlite's WebAssembly build alone takes ~60 MB, which a server on PostgreSQL
  // does not need (bench/RESULTS.md, export memory).
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = new PGlite(opts.pgliteDir, {
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  // Registered statements run from kept plans (pglite-plans.ts); everything else as PGlite runs it.
  const db = drizzlePglite(withKeptPlans(client), { logger });
  // One connection: the lock only orders this process's own start-up work, like on PostgreSQL.
  const withLock = async <T>(lock: AdvisoryLock, fn: () => Promise<T>): Promise<T> => {
    await client.query('select pg_advisory_lock($1, $2)', [ADVISORY_LOCK_CLASS, lock]);
    try {
      return await fn();
    } finally {
      await client.query('select pg_advisory_unlock($1, $2)', [ADVISORY_LOCK_CLASS, lock]);
    }
  };
  await withLock(ADVISORY_LOCK.migrate, () => migratePglite(db, { migrationsFolder }));
  return { db: db as unknown as Db, kind: 'pglite', withLock, close: () => client.close() };
}

/**
 * Runs `fn` holding advisory lock `lock` on a connection of its own to `url`, closed afterwards (a
 * crash releases the lock with the connection).
 */
async function withPostgresLock<T>(url: string, lock: AdvisoryLock, fn: () => Promise<T>): Promise<T> {
  const conn = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await conn`select pg_advisory_lock(${ADVISORY_LOCK_CLASS}::int, ${lock}::int)`;
    try {
      return await fn();
    } finally {
      await conn`select pg_advisory_unlock(${ADVISORY_LOCK_CLASS}::int, ${lock}::int)`.catch(() => {});
    }
  } finally {
    await conn.end({ timeout: 5 });
  }
}

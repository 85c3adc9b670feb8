/**
 * The accounts store (architecture §Stores): PGlite under DATA_DIR by default, a PostgreSQL server when
 * DATABASE_URL is set. Both run the same generated migrations (src/db/drizzle) at open.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';

/** Either driver's database; query code is written once against this type. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction of `Db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database or a transaction of it: what store functions that may run inside one take. */
export type Executor = Db | Tx;

export type DbHandle = { db: Db; kind: 'pglite' | 'postgres'; close: () => Promise<void> };

/**
 * The embedded store's buffer cache. PostgreSQL's default (128 MB) is all touched at start inside
 * PGlite's WebAssembly memory; the accounts data is a few MB, so 16 MB holds it with room to spare.
 */
const PGLITE_SHARED_BUFFERS = '16MB';

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
    const sql = postgres(opts.databaseUrl, { max: 10, onnotice: () => {} });
    const db = drizzlePostgres(sql, { logger });
    await migratePostgres(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', close: () => sql.end({ timeout: 5 }) };
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
  const db = drizzlePglite(client, { logger });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

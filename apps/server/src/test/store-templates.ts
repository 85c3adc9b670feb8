/**
 * Migrated accounts-store templates for the server tests (issue 24 item 7). Every test app used to
 * start on an empty store and migrate it: PGlite's initdb alone takes ~2 s on the shared 2-core
 * machine, against ~0.2 s to copy a migrated data directory. The server project's global setup
 * (global-setup.ts) builds one migrated PGlite data directory, and with TEST_DATABASE_URL one migrated
 * PostgreSQL database, per `vitest run`; test-app.ts copies them for each app
 * (`CREATE DATABASE … TEMPLATE` on PostgreSQL). Both are built by the production `openDb`, so a
 * template is exactly what a first start leaves, and each app's `openDb` still runs the migrator
 * (which finds nothing left to apply). Tests that need an empty store (migration races) build theirs
 * without a template; the key ring tests open copies directly (test-app.ts `freshPgliteDb`,
 * `freshPostgresDatabase({ migrated: true })`). Production start-up does not use any of this.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { openDb } from '../db/client.ts';

/** What the global setup hands to the test processes (vitest `provide`/`inject`). */
export type StoreTemplates = {
  /** A migrated PGlite data directory, closed: copy it, never open it in place. */
  pgliteDir: string;
  /** Name of a migrated database on TEST_DATABASE_URL's server, or null without that server. */
  postgresDatabase: string | null;
};

declare module 'vitest' {
  export interface ProvidedContext {
    storeTemplates: StoreTemplates;
  }
}

/** `base` (a PostgreSQL URL) with its database replaced by `name`. */
export function databaseUrl(base: string, name: string): string {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Runs one statement on `base`'s server on a connection of its own. */
export async function adminStatement(base: string, sql: string): Promise<void> {
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(sql);
  } finally {
    await admin.end();
  }
}

/**
 * Name of a database kept for the rest of the run (test-app.ts snapshotStores): the template's name
 * and `_s_<id>`, so the run's teardown finds it.
 */
export function snapshotDatabaseName(template: string, id: string): string {
  return `${template}_s_${id}`;
}

/**
 * Builds the templates: a PGlite data directory under a fresh temp directory and, when `postgresUrl`
 * is given, a database `portal_tmpl_<pid>_<random>` on its server, both migrated by `openDb` and
 * closed. Returns them with a function removing both.
 */
export async function buildStoreTemplates(
  postgresUrl: string | undefined,
): Promise<{ templates: StoreTemplates; remove: () => Promise<void> }> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'portal-tmpl-'));
  const pgliteDir = path.join(root, 'pglite');
  const pglite = await openDb({ pgliteDir });
  await pglite.close();
  let postgresDatabase: string | null = null;
  if (postgresUrl) {
    const name = `portal_tmpl_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await adminStatement(postgresUrl, `CREATE DATABASE ${name}`);
    postgresDatabase = name;
    const pg = await openDb({ databaseUrl: databaseUrl(postgresUrl, name), pgliteDir: '' });
    await pg.close();
  }
  return {
    templates: { pgliteDir, postgresDatabase },
    remove: async () => {
      rmSync(root, { recursive: true, force: true });
      if (postgresUrl && postgresDatabase) {
        const kept = await snapshotDatabases(postgresUrl, postgresDatabase);
        for (const name of [...kept, postgresDatabase]) {
          await adminStatement(postgresUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        }
      }
    },
  };
}

/** The databases kept as snapshots of `template`'s run (snapshotDatabaseName). */
async function snapshotDatabases(base: string, template: string): Promise<string[]> {
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  try {
    const rows = await admin<{ datname: string }[]>`
      SELECT datname FROM pg_database WHERE starts_with(datname, ${snapshotDatabaseName(template, '')})`;
    return rows.map((r) => r.datname);
  } finally {
    await admin.end();
  }
}

/** Copies the PGlite template to `pgliteDir` (which must not exist yet): a migrated store there. */
export function copyPgliteTemplate(templates: StoreTemplates, pgliteDir: string): void {
  cpSync(templates.pgliteDir, pgliteDir, { recursive: true });
}

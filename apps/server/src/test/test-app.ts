/**
 * Test harness: a real app on a fresh, migrated store. PGlite in memory by default; with
 * `TEST_DATABASE_URL` set, tests built with `db: 'postgres'` get a fresh database on that server,
 * dropped on close. The report store lives in a fresh temp DATA_DIR.
 */
import { generateKeyPair } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';

export const TEST_CAPTCHA = '424242';

export type TestAppOptions = {
  /** 'pglite' (default) or 'postgres' (needs TEST_DATABASE_URL). */
  db?: 'pglite' | 'postgres';
  env?: Record<string, string>;
  now?: () => Date;
};

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

export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  let databaseUrl: string | undefined;
  let dropDb: (() => Promise<void>) | undefined;
  if (opts.db === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DATABASE_URL is not set');
    const name = `portal_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = postgres(base, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(base);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDb = async () => {
      const a = postgres(base, { max: 1, onnotice: () => {} });
      await a.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    };
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    CAPTCHA_TEST_ANSWER: TEST_CAPTCHA,
    DEMO_SEED: 'false',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    PORTAL_RSA_PRIVATE_KEY: await testRsaKey(),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...opts.env,
  });
  if (!databaseUrl) config.databaseUrl = undefined;
  const app = await buildApp(config, { now: opts.now, logger: false });
  await app.ready();
  return {
    app,
    config,
    dataDir,
    close: async () => {
      await app.close();
      await dropDb?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

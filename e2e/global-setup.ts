/**
 * Starts the real server once for the journeys, as shipped: the compiled `apps/server/dist/main.js`
 * (scripts/build-server.mjs; `npm test` builds it before the journeys, and it is rebuilt here when
 * stale), a fresh DATA_DIR, demo data seeded on first start, the captcha test answer, the built web
 * app. Provides its base URL to the tests as `baseUrl`.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

export const E2E_CAPTCHA = '424242';
const root = path.resolve(import.meta.dirname, '..');
/** The compiled server the journeys run. */
export const serverMain = path.join(root, 'apps/server/dist/main.js');

/**
 * Compiles the server when its build is missing or older than its sources (scripts/ensure.mjs, the
 * same rule as `npm start`), so the journeys never run a stale build.
 */
export function ensureServerBuilt() {
  const res = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', "(await import('./scripts/ensure.mjs')).ensureServerBuild()"],
    { cwd: root, stdio: 'inherit' },
  );
  if (res.status !== 0) throw new Error('building the server failed');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitForServer(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR: mails without SMTP_URL land in <dataDir>/outbox/*.eml. */
    dataDir: string;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  const port = await freePort();
  ensureServerBuilt();
  const child = spawn(process.execPath, ['--enable-source-maps', serverMain], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      CAPTCHA_TEST_ANSWER: E2E_CAPTCHA,
      // The go-live journey stands a local HTTP server in for a developer website (issue 27).
      APP_ADS_ALLOW_LOOPBACK: 'true',
      // Operations close months by hand: the payments journey takes last month from open to paid.
      PAYMENTS_CLOSE_DAY: '0',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '', // the journeys run on the embedded default
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // Seeding 120 demo days takes a few seconds on an idle machine, minutes on a crowded one.
  await waitForServer(`${baseUrl}/readyz`, child, 600_000).catch((err) => {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  });
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}

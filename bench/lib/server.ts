/**
 * Starts the real server in a child process (so the HTTP cost and the server's own memory are measured
 * apart from the load generator) and stops it again: SIGTERM, then SIGKILL after 15 s.
 *
 * As shipped (issue 11 item 6): NODE_ENV=production and request logging on (LOG_LEVEL=info, one JSON
 * line per request, read and dropped by this process, or kept in the file BENCH_SERVER_LOG names). `serverCommand()` is the one place that says how
 * the server is started: the compiled `apps/server/dist/main.js` when it exists (what `npm start`
 * runs), else `apps/server/src/main.ts` through tsx; the bench harness (lib/server-main.ts) only when
 * BENCH_CPU_PROFILE or BENCH_MEMORY_LOG asks for its instruments.
 *
 * Production refuses CAPTCHA_TEST_ANSWER, so the bench cannot sign in through the captcha. Instead it
 * writes a session for each demo user into the accounts store before the server starts (exactly the
 * row a login writes: SHA-256 of a random token, one day of validity) and `httpLogin` hands those
 * tokens out for this server's URL. Signing in is not what the benches measure.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { sessions } from '../../apps/server/src/db/schema/auth.ts';
import { users } from '../../apps/server/src/db/schema/users.ts';
import { serverEnv } from './dataset.ts';
import { benchSessions } from './http-login.ts';
import { benchDir, repoRoot } from './stats.ts';

export type BenchServer = { url: string; pid: number; command: string; stop: () => Promise<void> };

const START_TIMEOUT_MS = 120_000;
const COMPILED = path.join(repoRoot, 'apps/server/dist/main.js');

/** Node arguments that start the server (see the module comment); `label` says which. */
export function serverCommand(): { args: string[]; label: string } {
  if (process.env.BENCH_CPU_PROFILE || process.env.BENCH_MEMORY_LOG) {
    return {
      args: ['--import', 'tsx', path.join(benchDir, 'lib', 'server-main.ts')],
      label: 'bench harness (tsx)',
    };
  }
  if (existsSync(COMPILED)) return { args: [COMPILED], label: 'apps/server/dist/main.js (compiled)' };
  const main = path.join(repoRoot, 'apps/server/src/main.ts');
  return { args: ['--import', 'tsx', main], label: 'apps/server/src/main.ts (tsx: no dist/main.js yet)' };
}

/** The environment of a bench server as shipped: production, request logs on, no test captcha. */
export function productionEnv(dataDir: string, extraEnv: Record<string, string> = {}) {
  return serverEnv(dataDir, {
    PORT: '0',
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    CAPTCHA_TEST_ANSWER: '',
    ...extraEnv,
  });
}

/** Writes a session for every user of the accounts store of `env`; email → token. */
async function mintSessions(env: Record<string, string>): Promise<Map<string, string>> {
  const app = await buildApp(loadConfig({ ...env, NODE_ENV: 'test', LOG_LEVEL: 'silent' }), {
    logger: false,
  });
  try {
    await app.ready();
    const tokens = new Map<string, string>();
    for (const u of await app.db.select({ id: users.id, email: users.email }).from(users)) {
      const token = randomBytes(32).toString('base64url');
      await app.db.insert(sessions).values({
        token_hash: createHash('sha256').update(token).digest('hex'),
        user_id: u.id,
        expires_at: new Date(Date.now() + 86_400_000),
      });
      tokens.set(u.email, token);
    }
    return tokens;
  } finally {
    await app.close();
  }
}

export async function startServer(
  dataDir: string,
  extraEnv: Record<string, string> = {},
): Promise<BenchServer> {
  const env = productionEnv(dataDir, extraEnv);
  const tokens = await mintSessions(env);
  const { args, label } = serverCommand();
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    if (process.env.BENCH_MEMORY_LOG) process.stderr.write(d);
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const stop = () => stopChild(child);
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(
      () => reject(new Error(`server did not start in time\n${stderr}`)),
      START_TIMEOUT_MS,
    );
    const onData = (d: Buffer) => {
      out = (out + d.toString()).slice(-20_000);
      // The harness prints BENCH_LISTENING; the server's own log says "Server listening at …".
      const m =
        /BENCH_LISTENING (\S+)/.exec(out) ?? /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        resolve(m[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}\n${stderr}\n${out.slice(-2000)}`));
    });
  }).catch(async (err) => {
    await stop();
    throw err;
  });
  // Request logs are written as in production and dropped here, or kept in BENCH_SERVER_LOG's file.
  if (process.env.BENCH_SERVER_LOG) child.stdout?.pipe(createWriteStream(process.env.BENCH_SERVER_LOG));
  else child.stdout?.resume();
  if (child.pid === undefined) throw new Error('server has no pid');
  benchSessions.set(url, tokens);
  console.log(`server: ${label}, NODE_ENV=production, LOG_LEVEL=info, pid ${child.pid}`);
  return { url, pid: child.pid, command: label, stop };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

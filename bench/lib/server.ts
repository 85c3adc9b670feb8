/**
 * Starts the real server in a child process (so the HTTP cost and the server's own memory are measured
 * apart from the load generator) and stops it again: SIGTERM, then SIGKILL after 15 s.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { serverEnv } from './dataset.ts';
import { benchDir, repoRoot } from './stats.ts';

export type BenchServer = { url: string; pid: number; stop: () => Promise<void> };

const START_TIMEOUT_MS = 120_000;

export async function startServer(
  dataDir: string,
  extraEnv: Record<string, string> = {},
): Promise<BenchServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(benchDir, 'lib', 'server-main.ts')], {
    cwd: repoRoot,
    env: { ...process.env, ...serverEnv(dataDir, { PORT: '0', ...extraEnv }) },
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
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /BENCH_LISTENING (\S+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}\n${stderr}`));
    });
  }).catch(async (err) => {
    await stop();
    throw err;
  });
  child.stdout?.resume();
  if (child.pid === undefined) throw new Error('server has no pid');
  return { url, pid: child.pid, stop };
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

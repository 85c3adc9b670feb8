/**
 * A private Redis for tests that stop it ("Redis goes away") or must see every key in it: its own
 * `redis-server` on a free port, no persistence, stopped by the test. The shared Redis of
 * TEST_REDIS_URL is never stopped or scanned.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

export type PrivateRedis = {
  url: string;
  port: number;
  /** Stops the server (SIGKILL: as abrupt as an outage) and waits until it has exited. */
  stop(): Promise<void>;
  /** Starts it again on the same port (empty) and waits until it answers. */
  start(): Promise<void>;
  /** Every key in it. */
  keys(): Promise<string[]>;
};

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const port = (srv.address() as { port: number }).port;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

async function answers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** Starts a private redis-server on a free port; throws when it does not answer within 10 s. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;

  async function start() {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    for (let i = 0; i < 200; i++) {
      if (await answers(url)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`redis-server on port ${port} did not answer`);
  }

  async function stop() {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((resolve) => c.once('exit', resolve));
    c.kill('SIGKILL');
    await exited;
  }

  await start();
  return {
    url,
    port,
    stop,
    start,
    async keys() {
      const client = new Redis(url, { maxRetriesPerRequest: 1 });
      try {
        return await client.keys('*');
      } finally {
        client.disconnect();
      }
    },
  };
}

/**
 * The app's log destination (plugins/logging.ts `stdoutLogDestination`) in a real process whose
 * standard output is a pipe nobody reads: requests keep being answered once the pipe is full, and every
 * line arrives when the reader comes back.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const REQUESTS = 1000;

let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill('SIGKILL');
  child = undefined;
});

describe('stdoutLogDestination', () => {
  it('answers while standard output is not read, and delivers every line later', async () => {
    child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import Fastify from 'fastify';
         import { stdoutLogDestination } from './src/plugins/logging.ts';
         const app = Fastify({ logger: { level: 'info', stream: stdoutLogDestination() } });
         app.get('/ping', async () => ({ ok: true }));
         const url = await app.listen({ host: '127.0.0.1', port: 0 });
         process.stderr.write('LISTENING ' + url + '\\n');`,
      ],
      // Standard output is a pipe this test leaves unread (no 'data' listener): it fills at 64 KiB.
      { cwd: serverDir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const proc = child;
    const url = await new Promise<string>((resolve, reject) => {
      let err = '';
      proc.stderr?.on('data', (b: Buffer) => {
        err += b.toString();
        const m = /LISTENING (\S+)/.exec(err);
        if (m?.[1]) resolve(m[1]);
      });
      proc.once('exit', (code) => reject(new Error(`exited with ${code}: ${err}`)));
    });

    // ~300 bytes of log a request (two lines): 1,000 requests write several times what the pipe holds.
    for (let i = 0; i < REQUESTS; i++) {
      const res = await fetch(`${url}/ping?i=${i}`, { signal: AbortSignal.timeout(5000) });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }

    let out = '';
    const completed = () => (out.match(/"msg":"request completed"/g) ?? []).length;
    proc.stdout?.on('data', (b: Buffer) => {
      out += b.toString();
    });
    await expect.poll(completed, { timeout: 10_000 }).toBe(REQUESTS);
    expect(out).toContain(`/ping?i=${REQUESTS - 1}`);
  }, 60_000);
});

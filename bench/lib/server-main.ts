/**
 * Child process of the benchmarks: the real server (buildApp) on the configuration in its environment,
 * listening on HOST:PORT (PORT=0 picks a free port). Prints `BENCH_LISTENING <url>` once listening and
 * closes the app (stores included) on SIGTERM or SIGINT. Started and stopped by bench/lib/server.ts.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';

const app = await buildApp(loadConfig());
// BENCH_CPU_PROFILE=<file>: a V8 CPU profile of the server from listening to shutdown.
const profileFile = process.env.BENCH_CPU_PROFILE;
const profiler = profileFile ? new Session() : undefined;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
}
let closing = false;
const shutdown = async () => {
  if (closing) return;
  closing = true;
  if (profiler && profileFile) {
    const { profile } = await profiler.post('Profiler.stop');
    writeFileSync(profileFile, JSON.stringify(profile));
  }
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
const address = await app.listen({ host: '127.0.0.1', port: app.config.port });
console.log(`BENCH_LISTENING ${address}`);
// BENCH_MEMORY_LOG=1: every BENCH_MEMORY_LOG_MS (default 1000) ms, the process's memory split and DuckDB's
// own accounting by tag (duckdb_memory()) on stderr, which lib/server.ts passes through.
if (process.env.BENCH_MEMORY_LOG) {
  const mb = (n: number) => Math.round(n / 2 ** 20);
  setInterval(
    async () => {
      const m = process.memoryUsage();
      const d = await app.reportStore
        .query(
          'SELECT tag, memory_usage_bytes::BIGINT AS b FROM duckdb_memory() WHERE memory_usage_bytes > 0 ORDER BY b DESC',
        )
        .catch(() => []);
      const duck = d.reduce((s, r) => s + Number(r.b), 0);
      const tags = d.map((r) => `${String(r.tag).toLowerCase()} ${mb(Number(r.b))}`).join(', ');
      console.error(
        `MEM rss ${mb(m.rss)} heapUsed ${mb(m.heapUsed)} heapTotal ${mb(m.heapTotal)} external ${mb(m.external)} arrayBuffers ${mb(m.arrayBuffers)} duckdb ${mb(duck)} (${tags})`,
      );
    },
    Number(process.env.BENCH_MEMORY_LOG_MS ?? 1000),
  ).unref();
}

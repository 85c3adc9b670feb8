/**
 * Child process of the benchmarks: the real server (buildApp) on the configuration in its environment,
 * listening on HOST:PORT (PORT=0 picks a free port). Prints `BENCH_LISTENING <url>` once listening and
 * closes the app (stores included) on SIGTERM or SIGINT. Started and stopped by bench/lib/server.ts.
 */
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';

const app = await buildApp(loadConfig());
let closing = false;
const shutdown = async () => {
  if (closing) return;
  closing = true;
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
const address = await app.listen({ host: '127.0.0.1', port: app.config.port });
console.log(`BENCH_LISTENING ${address}`);
if (process.env.BENCH_MEMORY_LOG) {
  const mb = (n: number) => Math.round(n / 2 ** 20);
  setInterval(async () => {
    const m = process.memoryUsage();
    const d = await app.reportStore
      .query('SELECT sum(memory_usage_bytes)::BIGINT AS b FROM duckdb_memory()')
      .catch(() => [{ b: 0 }]);
    console.error(
      `MEM rss ${mb(m.rss)} heapUsed ${mb(m.heapUsed)} heapTotal ${mb(m.heapTotal)} external ${mb(m.external)} arrayBuffers ${mb(m.arrayBuffers)} duckdb ${mb(Number(d[0]?.b ?? 0))}`,
    );
  }, 1000).unref();
}

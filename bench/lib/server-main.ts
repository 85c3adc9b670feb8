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

/**
 * Process entry: validate configuration (refuse to start with a message naming the variable), build the
 * app, seed the demo network on first start, listen on HOST:PORT. Shipped compiled (dist/main.js,
 * scripts/build-server.mjs).
 *
 * SIGTERM or SIGINT: graceful shutdown (plugins/shutdown.ts): stop accepting, drain in-flight requests
 * and exports for up to SHUTDOWN_GRACE_MS, close the stores, exit 0 (1 when closing failed). A second
 * signal while draining cuts the remaining connections at once.
 */
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { seedDemoIfNeeded } from './demo/seed.ts';
import { closeGracefully } from './plugins/shutdown.ts';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp(config);
  await seedDemoIfNeeded(app);
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: closing the remaining connections now');
      app.server.closeAllConnections();
      return;
    }
    stopping = true;
    app.log.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down: draining requests');
    closeGracefully(app, config.shutdownGraceMs).then(
      () => {
        app.log.info('shut down');
        process.exit(0);
      },
      (err) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await app.listen({ host: config.host, port: config.port });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

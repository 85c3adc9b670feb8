/**
 * Process entry: validate configuration (refuse to start with a message naming the variable), build the
 * app, seed the demo network on first start, listen on HOST:PORT.
 */
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { seedDemoIfNeeded } from './demo/seed.ts';

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
  const shutdown = async () => {
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await app.listen({ host: config.host, port: config.port });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

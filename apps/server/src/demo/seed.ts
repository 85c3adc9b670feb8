/**
 * Demo network of api-contract §7, seeded on first start: accounts, organisations, apps and ad slots
 * (demo/accounts.ts), profit centres, a notification history (demo/notifications.ts), then report
 * facts from the report store's generator (demo/demo-facts.ts).
 * Runs when DEMO_SEED is true, or when unset and the accounts store has no user yet.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../db/schema/users.ts';
import { seedDemoAccounts } from './accounts.ts';
import { seedDemoFacts, seedDemoKindFacts } from './demo-facts.ts';
import { seedDemoNotifications } from './notifications.ts';
import { seedDemoProfitCenters } from './profit-centers.ts';

/** Seeds when configured to; returns whether it seeded. */
export async function seedDemoIfNeeded(app: FastifyInstance): Promise<boolean> {
  const { demoSeed } = app.config;
  if (demoSeed === false) return false;
  const [row] = await app.db.select({ n: sql<number>`count(*)::int` }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  const started = Date.now();
  await seedDemoAccounts(app.db);
  await seedDemoProfitCenters(app.db);
  await seedDemoNotifications(app.db, app.now());
  app.log.info({ ms: Date.now() - started }, 'demo accounts seeded');
  const factsStarted = Date.now();
  const facts = await seedDemoFacts(app);
  app.log.info({ ms: Date.now() - factsStarted, ...facts }, 'demo report facts seeded');
  const kindsStarted = Date.now();
  const kinds = await seedDemoKindFacts(app);
  app.log.info(
    { ms: Date.now() - kindsStarted, ...kinds },
    'demo RTB, affiliate, game and app report facts seeded',
  );
  return true;
}

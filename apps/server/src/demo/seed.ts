/**
 * Demo network of api-contract §7, seeded on first start: accounts, organisations, apps and ad slots
 * (demo/accounts.ts), profit centres, a notification history (demo/notifications.ts), test devices
 * and app-ads.txt states (demo/go-live.ts), then report facts from the report store's generator
 * (demo/demo-facts.ts), then monthly payment statements from those facts (demo/payments.ts).
 * Runs when DEMO_SEED is true, or when unset, into an accounts store with no user yet.
 *
 * Several instances started together (README "Running at scale"): the seed runs under an advisory
 * lock (db/client.ts), so one seeds and the others wait, then find it done. Its progress is kept in
 * `server_state` (`demo_seed`: 'started', then 'done'), so a seed stopped half-way (a killed process)
 * is resumed at the next start: the accounts are one transaction (all or nothing), profit centres are
 * upserts, the notification history is written only into a store without notifications, and every
 * fact generator replaces the days it writes, so each step can run again.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ADVISORY_LOCK, type Db } from '../db/client.ts';
import { serverState } from '../db/schema/server.ts';
import { users } from '../db/schema/users.ts';
import { seedDemoAccounts } from './accounts.ts';
import { seedDemoFacts, seedDemoKindFacts } from './demo-facts.ts';
import { seedDemoGoLive } from './go-live.ts';
import { seedDemoNotifications } from './notifications.ts';
import { seedDemoPayments } from './payments.ts';
import { seedDemoProfitCenters } from './profit-centers.ts';

/** The `server_state` row of the demo seed: 'started' while it runs, 'done' after. */
export const DEMO_SEED_STATE = 'demo_seed';

async function seedState(db: Db): Promise<string | undefined> {
  const [row] = await db
    .select({ value: serverState.value })
    .from(serverState)
    .where(eq(serverState.name, DEMO_SEED_STATE));
  return row?.value;
}

async function setSeedState(db: Db, value: 'started' | 'done', now: Date) {
  await db
    .insert(serverState)
    .values({ name: DEMO_SEED_STATE, value, updated_at: now })
    .onConflictDoUpdate({ target: serverState.name, set: { value, updated_at: now } });
}

async function userCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

/** Seeds (or finishes a seed stopped half-way) when configured to; returns whether it seeded. */
export async function seedDemoIfNeeded(app: FastifyInstance): Promise<boolean> {
  if (app.config.demoSeed === false) return false;
  return app.dbLock(ADVISORY_LOCK.demoSeed, async () => {
    const state = await seedState(app.db);
    if (state === 'done') return false;
    if (state === undefined) {
      // A store with users and no seed state: seeded before states were kept, or a real network.
      if ((await userCount(app.db)) > 0) return false;
      await setSeedState(app.db, 'started', app.now());
    } else {
      app.log.info('demo seed: resuming a seed stopped half-way');
    }
    const started = Date.now();
    if ((await userCount(app.db)) === 0) await seedDemoAccounts(app.db);
    await seedDemoProfitCenters(app.db);
    await seedDemoNotifications(app.db, app.now());
    await seedDemoGoLive(app.db, app.now(), app.config.goLive);
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
    const paymentsStarted = Date.now();
    await seedDemoPayments(app);
    app.log.info({ ms: Date.now() - paymentsStarted }, 'demo payments seeded');
    await setSeedState(app.db, 'done', app.now());
    return true;
  });
}

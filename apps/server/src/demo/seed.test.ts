/**
 * The demo seed under the start-up lock (issue 22 item 2): instances started together on an empty
 * PostgreSQL database all come up and seed once; a seed stopped half-way is finished at the next start.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { serverState } from '../db/schema/server.ts';
import { users } from '../db/schema/users.ts';
import { createTestApp, freshPostgresDatabase, type TestApp, testDbKinds } from '../test/test-app.ts';
import { seedDemoAccounts } from './accounts.ts';
import { DEMO_SEED_STATE, seedDemoIfNeeded } from './seed.ts';

const seedEnv = { DEMO_SEED: '', DEMO_DAYS: '2' };
const sdkRows = async (t: TestApp) =>
  Number((await t.app.reportStore.query('SELECT count(*) AS n FROM sdk_hourly'))[0]?.n ?? 0);
const rtbRows = async (t: TestApp) =>
  Number((await t.app.reportStore.query('SELECT count(*) AS n FROM rtb_daily'))[0]?.n ?? 0);

describe.each(testDbKinds)('the demo seed on %s', (db) => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it('finishes a seed stopped half-way (accounts written, facts not) at the next start', async () => {
    const t = await createTestApp({ db, env: seedEnv });
    apps.push(t);
    // What a process killed after the accounts' transaction leaves behind.
    await t.app.db
      .insert(serverState)
      .values({ name: DEMO_SEED_STATE, value: 'started', updated_at: new Date() });
    await seedDemoAccounts(t.app.db);
    expect(await sdkRows(t)).toBe(0);

    expect(await seedDemoIfNeeded(t.app)).toBe(true);
    expect(await sdkRows(t)).toBeGreaterThan(0);
    expect(await rtbRows(t)).toBeGreaterThan(0);
    const [{ n } = { n: 0 }] = await t.app.db.select({ n: count() }).from(users);
    expect(n).toBe(4);
    const [state] = await t.app.db.select().from(serverState).where(eq(serverState.name, DEMO_SEED_STATE));
    expect(state?.value).toBe('done');
    // Done means done: the next start seeds nothing.
    expect(await seedDemoIfNeeded(t.app)).toBe(false);
  });

  it('a store with users and no seed state (an existing network) is not seeded', async () => {
    const t = await createTestApp({ db, env: seedEnv });
    apps.push(t);
    await seedDemoAccounts(t.app.db);
    expect(await seedDemoIfNeeded(t.app)).toBe(false);
    expect(await sdkRows(t)).toBe(0);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'instances started together on an empty PostgreSQL database',
  () => {
    let drop: (() => Promise<void>) | undefined;
    const apps: TestApp[] = [];
    afterAll(async () => {
      for (const t of apps) await t.close();
      await drop?.();
    });

    it('all come up (migrations under the lock) and exactly one seeds the demo network', async () => {
      const pg = await freshPostgresDatabase();
      drop = pg.drop;
      const started = await Promise.allSettled(
        [1, 2, 3].map(() => createTestApp({ env: seedEnv, shared: { databaseUrl: pg.url } })),
      );
      for (const s of started) if (s.status === 'fulfilled') apps.push(s.value);
      expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'up'))).toEqual([
        'up',
        'up',
        'up',
      ]);
      const seeded = await Promise.all(apps.map((t) => seedDemoIfNeeded(t.app)));
      expect(seeded.filter(Boolean)).toHaveLength(1);
      const [{ n } = { n: 0 }] = await (apps[0] as TestApp).app.db.select({ n: count() }).from(users);
      expect(n).toBe(4);
    });
  },
);

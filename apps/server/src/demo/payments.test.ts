import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../db/schema/organisations.ts';
import { paymentStatements, payouts } from '../db/schema/payments.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedDemoAccounts } from './accounts.ts';
import { seedDemoFacts } from './demo-facts.ts';
import { seedDemoPayments } from './payments.ts';
import { seedDemoProfitCenters } from './profit-centers.ts';

describe('the demo payments', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date('2026-01-15T12:00:00Z'), env: { DEMO_DAYS: '110' } });
    await seedDemoAccounts(t.app.db);
    await seedDemoProfitCenters(t.app.db);
    await seedDemoFacts(t.app);
    await seedDemoPayments(t.app);
  }, 300_000);
  afterAll(async () => t.close());

  const states = async (name: string) => {
    const [co] = await t.app.db.select().from(companies).where(eq(companies.company_name, name));
    const rows = await t.app.db
      .select()
      .from(paymentStatements)
      .where(and(eq(paymentStatements.company_id, co?.id ?? 0)))
      .orderBy(paymentStatements.profit_center_id, paymentStatements.month);
    return rows.map((r) => [r.profit_center_id, r.month, r.status, r.carried_over]);
  };

  it('has three past months paid, confirmed and carried over, and an open month; last month of Other Media waits for the close', async () => {
    expect(await states('Demo Games')).toEqual([
      [1001, 202510, 'closed', false],
      [1001, 202511, 'closed', false],
      [1001, 202512, 'confirmed', true],
      [1001, 202601, 'open', false],
      [1002, 202510, 'paid', false],
      [1002, 202511, 'paid', false],
      [1002, 202512, 'confirmed', false],
      [1002, 202601, 'open', false],
    ]);
    expect(await states('Other Media')).toEqual([
      [1003, 202510, 'closed', false],
      [1003, 202511, 'closed', false],
      [1003, 202512, 'open', false],
      [1003, 202601, 'open', false],
    ]);
    expect((await t.app.db.select().from(payouts)).map((p) => p.reference)).toEqual([
      'DEMO-202510-1002',
      'DEMO-202511-1002',
    ]);
  });

  it('seeds again without changing anything (a resumed seed)', async () => {
    const before = await t.app.db.select().from(paymentStatements).orderBy(paymentStatements.id);
    await seedDemoPayments(t.app);
    expect(await t.app.db.select().from(paymentStatements).orderBy(paymentStatements.id)).toEqual(before);
    expect(await t.app.db.select().from(payouts)).toHaveLength(2);
  });
});

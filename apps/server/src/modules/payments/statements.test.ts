import { endpoints } from '@portal/contracts/endpoints.ts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps } from '../../db/schema/inventory.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { paymentStatements } from '../../db/schema/payments.ts';
import { auditLog } from '../../db/schema/security.ts';
import { envelopeOf } from '../../test/envelope.ts';
import { createPaymentsFixture, type PaymentsFixture } from '../../test/payments-fixture.ts';
import { testDbKinds } from '../../test/test-app.ts';
import { runPaymentsDaily } from './jobs.ts';

const p = endpoints.payments;
const ops = endpoints.paymentsOps;

describe.each(testDbKinds)('payment statements on %s', (db) => {
  let f: PaymentsFixture;
  /** Success data of an endpoint, parsed by its schema (json-caller.ts); `fail` its failure envelope. */
  const call: PaymentsFixture['callEndpoint'] = (...args) => f.callEndpoint(...args);
  const fail: PaymentsFixture['callEndpointFailure'] = (...args) => f.callEndpointFailure(...args);
  beforeAll(async () => {
    f = await createPaymentsFixture(db);
  }, 180_000);
  afterAll(async () => f.close());

  /** Independent per-app sums of December 2025 straight from the hourly facts, cents half-up. */
  async function decemberSums(companyName: 'Demo Games' | 'Other Media') {
    const id = await f.companyId(companyName);
    const keys = (await f.app.db.select().from(apps).where(eq(apps.company_id, id))).map((a) => a.app_key);
    const rows = await f.app.reportStore.query(
      `SELECT app_key, sum(impression) AS imp, CAST(sum(revenue) AS VARCHAR) AS rev FROM sdk_hourly
       WHERE dt BETWEEN DATE '2025-12-01' AND DATE '2025-12-31' GROUP BY app_key`,
    );
    const mine = rows.filter((r) => keys.includes(String(r.app_key)));
    return mine.map((r) => {
      // Decimal text → cents, half-up, with no floating point: "123.456789" → 12346.
      const [whole = '0', frac = ''] = String(r.rev).split('.');
      const micros = BigInt(whole) * 1_000_000n + BigInt(frac.padEnd(6, '0').slice(0, 6));
      const cents = (micros + 5_000n) / 10_000n;
      return {
        app_key: String(r.app_key),
        impressions: Number(r.imp),
        revenue_micros: Number(cents * 10_000n),
      };
    });
  }

  /** The balance card of `GET /v1/home` for `token`, or undefined. */
  const homeBalance = async (token: string) => {
    const home = await call(endpoints.home.overview, {}, token);
    return home.cards.find((c) => c.kind === 'balance');
  };

  it('refuses to close a month that has not ended, and closes December from the facts', async () => {
    expect((await fail(ops.closeMonth, { body: { month: 202601 } }, f.tokens.ops)).code).toBe(10007);
    expect((await fail(ops.closeMonth, { body: { month: 202512 } }, f.tokens.demo)).code).toBe(402);
    const closed = await call(ops.closeMonth, { body: { month: 202512 } }, f.tokens.ops);
    expect(closed).toEqual({ closed: 2, unchanged: 0 });
  });

  it('has statement lines and totals equal to independent sums of the facts', async () => {
    const [dec] = (await call(p.statements, {}, f.tokens.demo)).list;
    if (!dec) throw new Error('no statement');
    expect(dec).toMatchObject({
      month: 202512,
      status: 'closed',
      profit_center_id: 1002,
      company_name: 'Demo Games',
    });
    const detail = await call(p.statement, { params: { id: dec.id } }, f.tokens.demo);
    const expected = await decemberSums('Demo Games');
    expect(expected.length).toBeGreaterThan(0);
    const lines = detail.lines.filter((l) => l.impressions > 0);
    expect(
      lines
        .map((l) => ({ app_key: l.app_key, impressions: l.impressions, revenue_micros: l.revenue_micros }))
        .sort((a, b) => a.app_key.localeCompare(b.app_key)),
    ).toEqual(expected.sort((a, b) => a.app_key.localeCompare(b.app_key)));
    const sum = expected.reduce((t, l) => t + l.revenue_micros, 0);
    expect(sum).toBeGreaterThan(100_000_000);
    expect(detail.revenue_micros).toBe(sum);
    expect(detail.total_micros).toBe(sum);
    expect(detail.revenue_micros % 10_000).toBe(0);
    expect(detail.difference).toBeNull();
  });

  it('closes again idempotently: nothing changes, no second audit entry or notification', async () => {
    const before = await f.app.db.select().from(paymentStatements).orderBy(paymentStatements.id);
    const again = await call(ops.closeMonth, { body: { month: 202512 } }, f.tokens.ops);
    expect(again).toEqual({ closed: 0, unchanged: 2 });
    expect(await f.app.db.select().from(paymentStatements).orderBy(paymentStatements.id)).toEqual(before);
    const audits = await f.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.object_type, 'statement'), eq(auditLog.action, 'close')));
    expect(audits).toHaveLength(2);
    const sent = await f.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, 'statement_closed'));
    // One per admin of each organisation (Demo Games and Other Media each have one admin).
    expect(sent.length).toBe(2);
  });

  it('shows a later restatement of a closed month as a difference and never changes the statement', async () => {
    const id = (await call(p.statements, {}, f.tokens.demo)).list[0]?.id ?? 0;
    const frozen = await call(p.statement, { params: { id } }, f.tokens.demo);
    const key = frozen.lines.find((l) => l.impressions > 0)?.app_key ?? '';
    await f.app.reportStore.write(async (run) => {
      await run(
        `UPDATE sdk_daily SET revenue = revenue + 12.34, impression = impression + 100
         WHERE rowid = (SELECT min(rowid) FROM sdk_daily WHERE dt = DATE '2025-12-28' AND app_key = $k)`,
        { k: key },
      );
    });
    const after = await call(p.statement, { params: { id } }, f.tokens.demo);
    expect(after.difference).toMatchObject({ impressions: 100, revenue_micros: 12_340_000 });
    expect(after.lines).toEqual(frozen.lines);
    expect(after.total_micros).toBe(frozen.total_micros);
  });

  it('adds adjustments to a closed statement; the total is lines plus adjustments to the cent', async () => {
    const [dec] = (await call(ops.statements, { query: { profit_center_id: 1002 } }, f.tokens.ops)).list;
    if (!dec) throw new Error('no statement');
    const params = { id: dec.id };
    const bad = await fail(
      ops.addAdjustment,
      { params, body: { kind: 'bonus', amount: '1.234', reason_zh: '奖励', reason_en: 'Bonus' } },
      f.tokens.ops,
    );
    expect(bad.code).toBe(604);
    for (const [kind, amount] of [
      ['itd_deduction', '10.50'],
      ['bonus', '3'],
      ['correction', '-0.01'],
    ] as const) {
      const body = { kind, amount, reason_zh: '原因', reason_en: 'Reason' };
      expect(await call(ops.addAdjustment, { params, body }, f.tokens.ops)).toBeNull();
    }
    const detail = await call(ops.statement, { params }, f.tokens.ops);
    expect(detail.adjustments.map((a) => a.amount_micros)).toEqual([-10_500_000, 3_000_000, -10_000]);
    expect(detail.total_micros).toBe(dec.revenue_micros - 10_500_000 + 3_000_000 - 10_000);
  });

  it('carries a confirmed balance below the threshold over to the next confirmed month', async () => {
    const other = await f.companyId('Other Media');
    // A closed November of Other Media worth $40: below the $100 default threshold.
    const now = f.clock.now;
    const [nov] = await f.app.db
      .insert(paymentStatements)
      .values({
        company_id: other,
        profit_center_id: 1003,
        month: 202511,
        status: 'closed',
        lines: [],
        revenue_micros: 40_000_000,
        snapshot_at: now,
        closed_at: now,
        updated_at: now,
      })
      .returning();
    if (!nov) throw new Error('no november');
    expect(await call(ops.confirm, { body: { ids: [nov.id] } }, f.tokens.ops)).toEqual({ confirmed: 1 });
    let summary = await call(p.summary, {}, f.tokens.other);
    expect(summary).toMatchObject({
      balance_micros: 40_000_000,
      carried_micros: 40_000_000,
      next_payment_date: null,
    });
    const [novItem] = (await call(p.statements, {}, f.tokens.other)).list.filter((s) => s.month === 202511);
    expect(novItem).toMatchObject({ status: 'confirmed', carried_over: true, payable_micros: 40_000_000 });
    // The home's balance card shows the same balance, carried part and (no) payment date.
    expect(await homeBalance(f.tokens.other)).toEqual({
      kind: 'balance',
      balance_micros: 40_000_000,
      carried_micros: 40_000_000,
      next_payment_date: null,
      hold_until: null,
    });

    const [dec] = (await call(p.statements, {}, f.tokens.other)).list.filter((s) => s.month === 202512);
    if (!dec) throw new Error('no December statement');
    expect(dec.total_micros).toBeGreaterThan(100_000_000);
    // Confirming a statement that is not closed changes nothing (all or none).
    expect((await fail(ops.confirm, { body: { ids: [dec.id, nov.id] } }, f.tokens.ops)).code).toBe(10007);
    expect(await call(ops.confirm, { body: { ids: [dec.id] } }, f.tokens.ops)).toEqual({ confirmed: 1 });
    const decDetail = await call(p.statement, { params: { id: dec.id } }, f.tokens.other);
    expect(decDetail).toMatchObject({
      status: 'confirmed',
      carried_in_micros: 40_000_000,
      payable_micros: dec.total_micros + 40_000_000,
      carried_over: false,
    });
    summary = await call(p.summary, {}, f.tokens.other);
    expect(summary).toMatchObject({
      balance_micros: dec.total_micros + 40_000_000,
      carried_micros: 0,
      // Net 30 after 31 December.
      next_payment_date: '2026-01-30',
    });
    expect(await homeBalance(f.tokens.other)).toMatchObject({
      balance_micros: dec.total_micros + 40_000_000,
      carried_micros: 0,
      next_payment_date: '2026-01-30',
    });
    // A member without the finance grant sees the earnings on the home, never the balance.
    const memberHome = await call(endpoints.home.overview, {}, f.tokens.member);
    expect(memberHome.cards.length).toBeGreaterThan(0);
    expect(memberHome.cards.map((c) => c.kind)).not.toContain('balance');
  });

  it('keeps statements, profiles and documents of one organisation from another and from members', async () => {
    const [mine] = (await call(p.statements, {}, f.tokens.demo)).list;
    if (!mine) throw new Error('no statement');
    expect((await fail(p.statement, { params: { id: mine.id } }, f.tokens.other)).code).toBe(10008);
    const pdf = await f.app.inject({
      url: `/v1/payments/statements/${mine.id}/pdf`,
      headers: { token: f.tokens.other },
    });
    expect(envelopeOf(pdf).code).toBe(10008);
    const others = (await call(p.statements, {}, f.tokens.other)).list;
    expect(others.every((s) => s.company_name === 'Other Media')).toBe(true);
    // A member without "finance" sees nothing; operations use their own routes.
    expect((await fail(p.summary, {}, f.tokens.member)).code).toBe(402);
    expect((await fail(p.summary, {}, f.tokens.ops)).code).toBe(402);
    expect((await fail(ops.statements, {}, f.tokens.demo)).code).toBe(402);
    // The admin grants "finance": the member sees the organisation's Payments and the menu entry.
    const members = await call(p.financeGrants, {}, f.tokens.demo);
    const member = members.list.find((m) => m.email === 'member@example.com');
    if (!member) throw new Error('no member');
    const grant = (user_ids: number[]) => ({ body: { user_ids } });
    expect((await fail(p.setFinanceGrants, grant([member.user_id]), f.tokens.member)).code).toBe(402);
    expect((await fail(p.setFinanceGrants, grant([999999]), f.tokens.demo)).code).toBe(604);
    expect(await call(p.setFinanceGrants, grant([member.user_id]), f.tokens.demo)).toBeNull();
    expect((await call(p.summary, {}, f.tokens.member)).balance_micros).toEqual(expect.any(Number));
    const menu = await call(endpoints.account.menu, {}, f.tokens.member);
    expect(menu.map((m) => m.path)).toContain('/payments');
    // …but changing the payment profile stays with admins.
    const profile = {
      beneficiary_name: 'x',
      details: { method: 'paypal', paypal_email: 'a@b.co' },
      tax_residence: 'CN',
      tax_id: '123',
      password: 'Demo12345',
    } as const;
    expect((await fail(p.setProfile, { body: profile }, f.tokens.member)).code).toBe(402);
    expect(await call(p.setFinanceGrants, grant([]), f.tokens.demo)).toBeNull();
    expect((await fail(p.summary, {}, f.tokens.member)).code).toBe(402);
  });

  it('refreshes the open month daily and closes the previous month on the configured day', async () => {
    await runPaymentsDaily(f.app);
    const open = await call(p.statements, {}, f.tokens.demo);
    expect(open.list.find((s) => s.month === 202601)).toMatchObject({ status: 'open' });
    const summary = await call(p.summary, {}, f.tokens.demo);
    expect(summary.by_profit_center[0]?.open_estimate_micros).toBeGreaterThan(0);
    // 2026-02-04: before the close day (5): January stays open. 2026-02-05: it closes, once.
    f.clock.now = new Date('2026-02-04T12:00:00Z');
    await runPaymentsDaily(f.app);
    // (Sessions expire as the clock moves on: read the store.)
    const statusesOf = async (month: number) =>
      (await f.app.db.select().from(paymentStatements).where(eq(paymentStatements.month, month))).map(
        (s) => s.status,
      );
    expect(await statusesOf(202601)).toEqual(['open', 'open']);
    f.clock.now = new Date('2026-02-05T03:00:00Z');
    // PAYMENTS_CLOSE_DAY=0: no automatic close, even past the day.
    const closeDay = f.app.config.paymentsCloseDay;
    f.app.config.paymentsCloseDay = 0;
    await runPaymentsDaily(f.app).finally(() => {
      f.app.config.paymentsCloseDay = closeDay;
    });
    expect(await statusesOf(202601)).toEqual(['open', 'open']);
    await runPaymentsDaily(f.app);
    expect(await statusesOf(202601)).toEqual(['closed', 'closed']);
    const closedRows = await f.app.db
      .select()
      .from(paymentStatements)
      .where(eq(paymentStatements.month, 202601));
    await runPaymentsDaily(f.app);
    expect(
      await f.app.db.select().from(paymentStatements).where(eq(paymentStatements.month, 202601)),
    ).toEqual(closedRows);
    expect(await statusesOf(202602)).toEqual(['open', 'open']);
    f.clock.now = new Date('2026-01-15T12:00:00Z');
  });
});

/**
 * Demo payments (issue 23 item 7), seeded after the report facts. Demo Games' apps sit under Games
 * APAC (1002, Net 30), except Bubble Pop Mania under Games EMEA (1001, Net 60); Other Media's under
 * Media Americas (1003, Net 60, invoice required). With M the current month (REPORT_TIMEZONE):
 * - Demo Games, 1002: M-3 and M-2 paid, M-1 confirmed (the balance, due at the end of M-1 + 30 days);
 * - Demo Games, 1001: M-1 confirmed at a US$ 45 launch bonus, below the US$ 100 threshold: carried over;
 * - Other Media: M-3 and M-2 closed, waiting for operations' confirmation; M-1 still open (estimated),
 *   waiting for the month close (the payments journey takes it from open to paid);
 * - every organisation: M open, an estimate from the facts so far.
 * Both organisations have a payment profile (no hold). Every step is idempotent (closing, confirming
 * only closed statements, payouts by reference), so a resumed seed finishes it.
 */
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { apps } from '../db/schema/inventory.ts';
import { companies } from '../db/schema/organisations.ts';
import {
  paymentAdjustments,
  paymentProfiles,
  paymentStatements,
  paymentTerms,
} from '../db/schema/payments.ts';
import { addMonths, dueDate } from '../modules/payments/money.ts';
import {
  addAdjustment,
  closeMonth,
  confirmStatements,
  currentMonth,
  refreshOpen,
} from '../modules/payments/month-close.ts';
import { recordPayout } from '../modules/payments/payouts.ts';
import { sealedProfile } from '../modules/payments/profile.ts';
import { statementItem } from '../modules/payments/statements.ts';
import { secretBoxOf } from '../modules/two-factor/secret-box.ts';

async function companyIdOf(app: FastifyInstance, name: string): Promise<number | null> {
  const [row] = await app.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.company_name, name));
  return row?.id ?? null;
}

async function statementOf(app: FastifyInstance, companyId: number, pc: number, month: number) {
  const [row] = await app.db
    .select()
    .from(paymentStatements)
    .where(
      and(
        eq(paymentStatements.company_id, companyId),
        eq(paymentStatements.profit_center_id, pc),
        eq(paymentStatements.month, month),
      ),
    );
  return row;
}

/** Seeds the demo payments (see the module doc); a network without the demo organisations is left alone. */
export async function seedDemoPayments(app: FastifyInstance): Promise<void> {
  const demo = await companyIdOf(app, 'Demo Games');
  const other = await companyIdOf(app, 'Other Media');
  if (demo === null || other === null) return;
  const now = app.now();
  await app.db
    .update(apps)
    .set({ profit_center_id: 1001 })
    .where(
      and(eq(apps.company_id, demo), eq(apps.app_name, 'Bubble Pop Mania'), isNull(apps.profit_center_id)),
    );
  await app.db
    .update(apps)
    .set({ profit_center_id: 1002 })
    .where(
      and(eq(apps.company_id, demo), ne(apps.app_name, 'Bubble Pop Mania'), isNull(apps.profit_center_id)),
    );
  await app.db
    .update(apps)
    .set({ profit_center_id: 1003 })
    .where(and(eq(apps.company_id, other), isNull(apps.profit_center_id)));
  await app.db
    .insert(paymentTerms)
    .values([
      {
        profit_center_id: 1001,
        threshold_micros: 100_000_000,
        net_days: 60,
        invoice_required: false,
        updated_at: now,
      },
      {
        profit_center_id: 1002,
        threshold_micros: 100_000_000,
        net_days: 30,
        invoice_required: false,
        updated_at: now,
      },
      {
        profit_center_id: 1003,
        threshold_micros: 100_000_000,
        net_days: 60,
        invoice_required: true,
        updated_at: now,
      },
    ])
    .onConflictDoNothing();
  const box = secretBoxOf(app.keyRing);
  const profiles = [
    {
      company_id: demo,
      ...sealedProfile(box, demo, {
        beneficiary_name: 'Demo Games Co., Ltd.',
        details: {
          method: 'bank_wire',
          bank_name: 'Deutsche Bank',
          swift_bic: 'DEUTDEFF',
          iban: 'DE89370400440532013000',
        },
        tax_residence: 'DE',
        tax_id: 'DE123456789',
      }),
    },
    {
      company_id: other,
      ...sealedProfile(box, other, {
        beneficiary_name: 'Other Media LLC',
        details: { method: 'paypal', paypal_email: 'finance@othermedia.example' },
        tax_residence: 'US',
        tax_id: '12-3456789',
      }),
    },
  ];
  await app.db
    .insert(paymentProfiles)
    .values(profiles.map((p) => ({ ...p, hold_until: null, updated_at: now })))
    .onConflictDoNothing();

  const m = currentMonth(app);
  const [m3, m2, m1] = [addMonths(m, -3), addMonths(m, -2), addMonths(m, -1)];
  for (const month of [m3, m2]) await closeMonth(app, month, null);
  // Last month: open (estimated) for everyone, then closed for Demo Games only; Other Media's waits
  // for operations' month close (or the daily job's, from PAYMENTS_CLOSE_DAY at 02:00).
  await refreshOpen(app, m1);
  await closeMonth(app, m1, null, [demo]);
  const bonus = await statementOf(app, demo, 1001, m1);
  if (bonus?.status === 'closed') {
    const [has] = await app.db
      .select({ id: paymentAdjustments.id })
      .from(paymentAdjustments)
      .where(eq(paymentAdjustments.statement_id, bonus.id));
    if (!has)
      await addAdjustment(app, null, bonus.id, {
        kind: 'bonus',
        amount: '45.00',
        reason_zh: '新游戏上线奖励',
        reason_en: 'Launch bonus for a new game',
      });
  }
  const toConfirm = [
    await statementOf(app, demo, 1002, m3),
    await statementOf(app, demo, 1002, m2),
    await statementOf(app, demo, 1002, m1),
    await statementOf(app, demo, 1001, m1),
  ].flatMap((s) => (s?.status === 'closed' ? [s.id] : []));
  if (toConfirm.length > 0) await confirmStatements(app, null, toConfirm);
  for (const [month, ref] of [
    [m3, `DEMO-${m3}-1002`],
    [m2, `DEMO-${m2}-1002`],
  ] as const) {
    const s = await statementOf(app, demo, 1002, month);
    if (!s || s.status === 'paid' || s.carried_over) continue;
    const item = await statementItem(app.db, s.id, null);
    const amount = (item.payable_micros / 1_000_000).toFixed(2);
    await recordPayout(
      app,
      { statement_id: s.id, reference: ref, amount, paid_on: dueDate(month, 28), status: 'paid' },
      'ops',
      null,
    );
  }
  await refreshOpen(app, m);
}

/**
 * Statement transitions of operations (issue 23 items 1, 2, 6), each audit-logged and notified in its
 * transaction:
 * - `refreshOpen`: the current month's open statements follow the facts (daily job, and on reading);
 * - `closeMonth`: open → closed with the lines frozen as of the close; idempotent (a closed month is
 *   left as it is); only a month that has ended in REPORT_TIMEZONE closes (10007 otherwise);
 * - `addAdjustment`: on a closed statement only (10007 otherwise);
 * - `confirmStatements`: closed → confirmed, all or none (10007 names nothing changed); the carried
 *   amounts of earlier statements are added, and a payable amount below the profit centre's threshold
 *   carries over (money.ts, statements.ts);
 * - `holdStatement`: a reason puts a statement's payment on hold (604 without one); `hold: false`
 *   releases it.
 */
import { type adjustmentBody, formatUsd, parseUsd } from '@portal/contracts/payments.ts';
import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { paymentAdjustments, paymentStatements } from '../../db/schema/payments.ts';
import { AppError, paramError } from '../../lib/app-error.ts';
import { wallClock } from '../../lib/wall-clock.ts';
import { recordAudit } from '../audit/audit.ts';
import { notify } from '../notifications/notify.ts';
import { computeLines, lineTotals, type StatementKey, statementKeys } from './facts.ts';
import { monthOf } from './money.ts';
import { listStatements, termsOf } from './statements.ts';

/** yyyyMM of the current month in REPORT_TIMEZONE. */
export function currentMonth(app: FastifyInstance): number {
  return monthOf(new Date(wallClock(app.now().getTime(), app.config.reportTimezone)).toISOString());
}

/** Day of the month (1–31) today in REPORT_TIMEZONE. */
export function currentDay(app: FastifyInstance): number {
  return new Date(wallClock(app.now().getTime(), app.config.reportTimezone)).getUTCDate();
}

async function rowFor(tx: Executor, key: StatementKey, month: number) {
  const [row] = await tx
    .select()
    .from(paymentStatements)
    .where(
      and(
        eq(paymentStatements.company_id, key.company_id),
        eq(paymentStatements.profit_center_id, key.profit_center_id),
        eq(paymentStatements.month, month),
      ),
    )
    .for('update');
  return row;
}

/** Brings the open statements of `month` in line with the facts (creating missing ones). */
export async function refreshOpen(app: FastifyInstance, month: number): Promise<number> {
  const now = app.now();
  let written = 0;
  for (const key of await statementKeys(app.db)) {
    const lines = await computeLines(app.db, app.reportStore, key, month);
    const revenue = lineTotals(lines).revenue_micros;
    await app.db.transaction(async (tx) => {
      const row = await rowFor(tx, key, month);
      if (row && row.status !== 'open') return;
      if (row) {
        await tx
          .update(paymentStatements)
          .set({ lines, revenue_micros: revenue, snapshot_at: now, updated_at: now })
          .where(eq(paymentStatements.id, row.id));
      } else {
        await tx
          .insert(paymentStatements)
          .values({
            ...key,
            month,
            status: 'open',
            lines,
            revenue_micros: revenue,
            snapshot_at: now,
            updated_at: now,
          })
          .onConflictDoNothing();
      }
      written += 1;
    });
  }
  return written;
}

/**
 * Closes every statement of `month` (see the module doc), or only those of `companyIds` when given
 * (the demo seed leaves one organisation's last month for operations to close); answers how many
 * closed now. AppError 10007 for a month that has not ended.
 */
export async function closeMonth(
  app: FastifyInstance,
  month: number,
  actorId: number | null,
  companyIds?: readonly number[],
): Promise<{ closed: number; unchanged: number }> {
  if (month >= currentMonth(app)) throw new AppError(10007);
  const now = app.now();
  let closed = 0;
  let unchanged = 0;
  for (const key of await statementKeys(app.db)) {
    if (companyIds && !companyIds.includes(key.company_id)) continue;
    const lines = await computeLines(app.db, app.reportStore, key, month);
    const revenue = lineTotals(lines).revenue_micros;
    await app.db.transaction(async (tx) => {
      const row = await rowFor(tx, key, month);
      if (row && row.status !== 'open') {
        unchanged += 1;
        return;
      }
      const frozen = {
        lines,
        revenue_micros: revenue,
        snapshot_at: now,
        status: 'closed',
        closed_at: now,
        updated_at: now,
      };
      const [saved] = row
        ? await tx.update(paymentStatements).set(frozen).where(eq(paymentStatements.id, row.id)).returning()
        : await tx
            .insert(paymentStatements)
            .values({ ...key, month, ...frozen })
            .returning();
      if (!saved) throw new Error('statement not written');
      await recordAudit(
        tx,
        {
          actorId,
          companyId: key.company_id,
          objectType: 'statement',
          objectId: saved.id,
          action: 'close',
          before: { status: row?.status ?? null },
          after: { status: 'closed', month, revenue_micros: revenue },
        },
        now,
      );
      await notify(tx, {
        kind: 'statement_closed',
        to: { companyId: key.company_id },
        params: { statement_id: saved.id, month, amount: formatUsd(revenue) },
        now,
      });
      closed += 1;
    });
  }
  return { closed, unchanged };
}

/** Adds an adjustment to closed statement `id`; a deduction's amount is stored negative. */
export async function addAdjustment(
  app: FastifyInstance,
  actorId: number | null,
  id: number,
  body: z.infer<typeof adjustmentBody>,
): Promise<void> {
  const amount = parseUsd(body.amount);
  if (amount === null || amount === 0)
    throw paramError([{ field: 'amount', message: 'a non-zero amount in USD with at most two decimals' }]);
  if (body.kind !== 'correction' && amount < 0)
    throw paramError([{ field: 'amount', message: 'enter a positive amount; a deduction is subtracted' }]);
  const signed = body.kind === 'itd_deduction' ? -amount : amount;
  const now = app.now();
  await app.db.transaction(async (tx) => {
    const [row] = await tx.select().from(paymentStatements).where(eq(paymentStatements.id, id)).for('update');
    if (!row) throw new AppError(10008);
    if (row.status !== 'closed') throw new AppError(10007);
    const [adj] = await tx
      .insert(paymentAdjustments)
      .values({
        statement_id: id,
        kind: body.kind,
        amount_micros: signed,
        reason_zh: body.reason_zh,
        reason_en: body.reason_en,
        created_by: actorId,
        created_at: now,
      })
      .returning({ id: paymentAdjustments.id });
    await recordAudit(
      tx,
      {
        actorId,
        companyId: row.company_id,
        objectType: 'statement',
        objectId: id,
        action: 'adjust',
        after: { adjustment_id: adj?.id, kind: body.kind, amount_micros: signed },
      },
      now,
    );
    await tx.update(paymentStatements).set({ updated_at: now }).where(eq(paymentStatements.id, id));
  });
}

/** Confirms closed statements `ids`, all or none (10007 when one is not closed, 10008 unknown). */
export async function confirmStatements(
  app: FastifyInstance,
  actorId: number | null,
  ids: number[],
): Promise<number> {
  const now = app.now();
  return app.db.transaction(async (tx) => {
    const items = await listStatements(tx, { ids: [...new Set(ids)] });
    if (items.length !== new Set(ids).size) throw new AppError(10008);
    if (items.some((s) => s.status !== 'closed')) throw new AppError(10007);
    const terms = await termsOf(tx, [...new Set(items.map((s) => s.profit_center_id))]);
    // Oldest first, so an earlier month's carry reaches a later one confirmed together.
    for (const s of [...items].sort((a, b) => a.month - b.month)) {
      const pending = await tx
        .select()
        .from(paymentStatements)
        .where(
          and(
            eq(paymentStatements.company_id, s.company_id),
            eq(paymentStatements.profit_center_id, s.profit_center_id),
            eq(paymentStatements.carried_over, true),
            isNull(paymentStatements.carried_into_id),
            lt(paymentStatements.month, s.month),
          ),
        )
        .orderBy(asc(paymentStatements.month))
        .for('update');
      const pendingPayable = await listStatements(tx, { ids: pending.map((p) => p.id) });
      const carriedIn = pendingPayable.reduce((t, p) => t + p.payable_micros, 0);
      const payable = s.total_micros + carriedIn;
      const carried = payable < terms(s.profit_center_id).threshold_micros;
      await tx
        .update(paymentStatements)
        .set({
          status: 'confirmed',
          confirmed_at: now,
          carried_in_micros: carriedIn,
          carried_over: carried,
          updated_at: now,
        })
        .where(eq(paymentStatements.id, s.id));
      for (const p of pending)
        await tx
          .update(paymentStatements)
          .set({ carried_into_id: s.id, updated_at: now })
          .where(eq(paymentStatements.id, p.id));
      await recordAudit(
        tx,
        {
          actorId,
          companyId: s.company_id,
          objectType: 'statement',
          objectId: s.id,
          action: 'confirm',
          before: { status: 'closed' },
          after: {
            status: 'confirmed',
            payable_micros: payable,
            carried_in_micros: carriedIn,
            carried_over: carried,
          },
        },
        now,
      );
      await notify(tx, {
        kind: 'statement_confirmed',
        to: { companyId: s.company_id },
        params: { statement_id: s.id, month: s.month, amount: formatUsd(payable), carried },
        now,
      });
    }
    return items.length;
  });
}

/** Holds (with a reason) or releases the payment of statement `id`. */
export async function holdStatement(
  app: FastifyInstance,
  actorId: number,
  id: number,
  hold: boolean,
  reason: string,
): Promise<void> {
  if (hold && reason.trim() === '') throw paramError([{ field: 'reason', message: 'a reason is required' }]);
  const now = app.now();
  await app.db.transaction(async (tx) => {
    const [row] = await tx.select().from(paymentStatements).where(eq(paymentStatements.id, id)).for('update');
    if (!row) throw new AppError(10008);
    if (row.status === 'paid') throw new AppError(10007);
    await tx
      .update(paymentStatements)
      .set({ hold_reason: hold ? reason.trim() : null, updated_at: now })
      .where(eq(paymentStatements.id, id));
    await recordAudit(
      tx,
      {
        actorId,
        companyId: row.company_id,
        objectType: 'statement',
        objectId: id,
        action: hold ? 'hold' : 'release',
        before: { hold_reason: row.hold_reason },
        after: { hold_reason: hold ? reason.trim() : null },
      },
      now,
    );
    if (hold)
      await notify(tx, {
        kind: 'statement_held',
        to: { companyId: row.company_id },
        params: { statement_id: id, month: row.month, reason: reason.trim() },
        now,
      });
  });
}

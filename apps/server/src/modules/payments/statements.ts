/**
 * Reading statements (issue 23 items 1, 2): lists (a publisher's own, or operations' across
 * organisations with filters), one statement with its lines, adjustments and the restatement
 * difference, and the balance summary with the next expected payment date.
 *
 * Per statement: total = revenue (sum of its lines) + adjustments; payable = total + carried_in.
 * Balance (per profit centre) = the totals of confirmed and invoiced (unpaid) statements, carried ones
 * included; carried = the payable of the last carried statement not yet taken into a later one.
 */

import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { profitCenters } from '../../db/schema/catalogue.ts';
import { companies } from '../../db/schema/organisations.ts';
import {
  paymentAdjustments,
  paymentDocuments,
  paymentProfiles,
  paymentStatements,
  paymentTerms,
} from '../../db/schema/payments.ts';
import { AppError } from '../../lib/app-error.ts';
import { computeLines, lineTotals } from './facts.ts';
import { dueDate } from './money.ts';
import type {
  BalanceItemSchema,
  PaymentSummary,
  StatementDetail,
  StatementItem,
  StatementStatus,
} from './types.ts';

export const DEFAULT_TERMS = { threshold_micros: 100_000_000, net_days: 30, invoice_required: false };

export type StatementFilter = {
  companyId?: number;
  month?: number;
  profitCenterId?: number;
  status?: StatementStatus;
  ids?: number[];
};

const adjustmentsSum = sql<string>`coalesce((select sum(a.amount_micros) from ${paymentAdjustments} a
  where a.statement_id = ${paymentStatements.id}), 0)`;
const invoiceCount = sql<number>`(select count(*)::int from ${paymentDocuments} d
  where d.statement_id = ${paymentStatements.id} and d.kind = 'invoice')`;

/** Statements matching `filter`, newest month first, as list items. */
export async function listStatements(db: Executor, filter: StatementFilter): Promise<StatementItem[]> {
  const where: SQL[] = [];
  if (filter.companyId !== undefined) where.push(eq(paymentStatements.company_id, filter.companyId));
  if (filter.month !== undefined) where.push(eq(paymentStatements.month, filter.month));
  if (filter.profitCenterId !== undefined)
    where.push(eq(paymentStatements.profit_center_id, filter.profitCenterId));
  if (filter.status !== undefined) where.push(eq(paymentStatements.status, filter.status));
  if (filter.ids !== undefined) where.push(inArray(paymentStatements.id, filter.ids));
  const rows = await db
    .select({
      s: paymentStatements,
      company_name: companies.company_name,
      pc_name: profitCenters.name,
      adjustments: adjustmentsSum,
      invoices: invoiceCount,
      threshold: paymentTerms.threshold_micros,
      net_days: paymentTerms.net_days,
      invoice_required: paymentTerms.invoice_required,
    })
    .from(paymentStatements)
    .innerJoin(companies, eq(companies.id, paymentStatements.company_id))
    .leftJoin(profitCenters, eq(profitCenters.id, paymentStatements.profit_center_id))
    .leftJoin(paymentTerms, eq(paymentTerms.profit_center_id, paymentStatements.profit_center_id))
    .where(and(...where))
    .orderBy(
      desc(paymentStatements.month),
      asc(companies.company_name),
      asc(paymentStatements.profit_center_id),
    );
  return rows.map((r) => {
    const adjustments = Number(r.adjustments);
    const total = r.s.revenue_micros + adjustments;
    return {
      id: r.s.id,
      company_id: r.s.company_id,
      company_name: r.company_name,
      profit_center_id: r.s.profit_center_id,
      profit_center_name: r.pc_name ?? String(r.s.profit_center_id),
      month: r.s.month,
      status: r.s.status as StatementStatus,
      revenue_micros: r.s.revenue_micros,
      adjustments_micros: adjustments,
      total_micros: total,
      carried_in_micros: r.s.carried_in_micros,
      payable_micros: total + r.s.carried_in_micros,
      carried_over: r.s.carried_over,
      hold_reason: r.s.hold_reason,
      invoice_required: r.invoice_required ?? DEFAULT_TERMS.invoice_required,
      has_invoice: r.invoices > 0,
      snapshot_at: r.s.snapshot_at.toISOString(),
    };
  });
}

/** One statement visible to `companyId` (null: operations); 10008 when there is none it may see. */
export async function statementItem(
  db: Executor,
  id: number,
  companyId: number | null,
): Promise<StatementItem> {
  const [item] = await listStatements(db, { ids: [id], ...(companyId === null ? {} : { companyId }) });
  if (!item) throw new AppError(10008);
  return item;
}

/**
 * The statement with lines and adjustments; for a closed (or later) one also the difference between
 * the facts as they are now and its frozen lines (a restatement shows, the statement never changes).
 */
export async function statementDetail(
  app: FastifyInstance,
  id: number,
  companyId: number | null,
): Promise<StatementDetail> {
  const item = await statementItem(app.db, id, companyId);
  const [row] = await app.db.select().from(paymentStatements).where(eq(paymentStatements.id, id));
  if (!row) throw new AppError(10008);
  const adjustments = await app.db
    .select()
    .from(paymentAdjustments)
    .where(eq(paymentAdjustments.statement_id, id))
    .orderBy(asc(paymentAdjustments.id));
  let difference: StatementDetail['difference'] = null;
  if (row.status !== 'open') {
    const now = lineTotals(await computeLines(app.db, app.reportStore, row, row.month));
    const frozen = lineTotals(row.lines);
    const d = {
      impressions: now.impressions - frozen.impressions,
      revenue_micros: now.revenue_micros - frozen.revenue_micros,
    };
    if (d.impressions !== 0 || d.revenue_micros !== 0)
      difference = { ...d, checked_at: app.now().toISOString() };
  }
  return {
    ...item,
    lines: row.lines,
    adjustments: adjustments.map((a) => ({
      id: a.id,
      kind: a.kind as StatementDetail['adjustments'][number]['kind'],
      amount_micros: a.amount_micros,
      reason_zh: a.reason_zh,
      reason_en: a.reason_en,
      created_at: a.created_at.toISOString(),
    })),
    difference,
  };
}

/** Terms of every profit centre in `ids` (defaults where none is set). */
export async function termsOf(db: Executor, ids: number[]) {
  const rows = ids.length
    ? await db.select().from(paymentTerms).where(inArray(paymentTerms.profit_center_id, ids))
    : [];
  const byId = new Map(rows.map((r) => [r.profit_center_id, r]));
  return (id: number) => byId.get(id) ?? { profit_center_id: id, ...DEFAULT_TERMS };
}

/** The balance card of `companyId` (issue 23 item 2), per profit centre and in all. */
export async function paymentSummary(db: Executor, companyId: number): Promise<PaymentSummary> {
  const list = await listStatements(db, { companyId });
  const pcs = [...new Set(list.map((s) => s.profit_center_id))].sort((a, b) => a - b);
  const terms = await termsOf(db, pcs);
  const byPc: BalanceItemSchema[] = pcs.map((pc) => {
    const mine = list.filter((s) => s.profit_center_id === pc);
    const unpaid = mine.filter((s) => s.status === 'confirmed' || s.status === 'invoiced');
    const due = unpaid.filter((s) => !s.carried_over).map((s) => dueDate(s.month, terms(pc).net_days));
    const [latestCarried] = unpaid.filter((s) => s.carried_over).sort((a, b) => b.month - a.month);
    return {
      profit_center_id: pc,
      profit_center_name: mine[0]?.profit_center_name ?? String(pc),
      balance_micros: unpaid.reduce((t, s) => t + s.total_micros, 0),
      carried_micros:
        latestCarried && !unpaid.some((s) => s.month > latestCarried.month && !s.carried_over)
          ? latestCarried.payable_micros
          : 0,
      threshold_micros: terms(pc).threshold_micros,
      net_days: terms(pc).net_days,
      next_payment_date: due.sort()[0] ?? null,
      open_estimate_micros: mine.filter((s) => s.status === 'open').reduce((t, s) => t + s.total_micros, 0),
    };
  });
  const [profile] = await db
    .select({ hold_until: paymentProfiles.hold_until })
    .from(paymentProfiles)
    .where(eq(paymentProfiles.company_id, companyId));
  const dates = byPc.flatMap((b) => (b.next_payment_date ? [b.next_payment_date] : [])).sort();
  return {
    balance_micros: byPc.reduce((t, b) => t + b.balance_micros, 0),
    carried_micros: byPc.reduce((t, b) => t + b.carried_micros, 0),
    next_payment_date: dates[0] ?? null,
    hold_until: profile?.hold_until?.toISOString() ?? null,
    profile_complete: profile !== undefined,
    by_profit_center: byPc,
  };
}

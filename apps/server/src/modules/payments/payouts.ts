/**
 * Payouts (issue 23 items 5, 6): recording one (operations' form, the finance system's signed call)
 * or many (the finance system's CSV), idempotent by reference, and the payout history with its CSV and
 * XLSX export.
 *
 * A payout for statement S with reference R and amount A (decimal USD):
 * - R already recorded for S with the same amount and status: nothing changes (`unchanged`);
 *   R recorded otherwise: 604 (`reference` already used);
 * - S must be confirmed (invoiced where its profit centre requires an invoice: 10102), not carried
 *   over (10101), not held and its organisation's profile not on hold (10100); a profile must exist
 *   (10103); A must equal S's payable amount (604 `amount`);
 * - status `paid` marks S paid, with the statements carried into it; `failed` records the attempt only.
 * A CSV is validated line by line in one transaction: any bad line answers 604 with every bad line's
 * error (`line N: …`) and records nothing.
 */
import {
  formatUsd,
  type PayoutBody,
  type PayoutItem,
  parseUsd,
  plainUsd,
} from '@portal/contracts/payments.ts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { paymentProfiles, paymentStatements, payouts } from '../../db/schema/payments.ts';
import { AppError, paramError } from '../../lib/app-error.ts';
import { csvCell } from '../../reports/export/export-writer.ts';
import { recordAudit } from '../audit/audit.ts';
import { notify } from '../notifications/notify.ts';
import { statementItem } from './statements.ts';

export type PayoutSource = 'ops' | 'csv' | 'external';

/** A payout that could not be recorded, with the field at fault and why. */
class PayoutRefused extends Error {
  constructor(
    readonly field: string,
    message: string,
    readonly code: 604 | 10100 | 10101 | 10102 | 10103 | 10007 | 10008 = 604,
  ) {
    super(message);
  }
}

/** Records one payout inside `tx`; answers whether it was new. Throws PayoutRefused. */
async function recordIn(
  tx: Executor,
  body: PayoutBody,
  source: PayoutSource,
  actorId: number | null,
  now: Date,
): Promise<boolean> {
  const amount = parseUsd(body.amount);
  if (amount === null || amount <= 0)
    throw new PayoutRefused('amount', 'a positive USD amount, two decimals at most');
  const paidAt = new Date(`${body.paid_on}T00:00:00Z`);
  if (Number.isNaN(paidAt.getTime()) || paidAt.toISOString().slice(0, 10) !== body.paid_on)
    throw new PayoutRefused('paid_on', 'a date yyyy-MM-dd');
  const [known] = await tx.select().from(payouts).where(eq(payouts.reference, body.reference));
  if (known) {
    if (
      known.statement_id === body.statement_id &&
      known.amount_micros === amount &&
      known.status === body.status
    )
      return false;
    throw new PayoutRefused(
      'reference',
      `reference ${body.reference} is already recorded for another payout`,
    );
  }
  const [row] = await tx
    .select()
    .from(paymentStatements)
    .where(eq(paymentStatements.id, body.statement_id))
    .for('update');
  if (!row) throw new PayoutRefused('statement_id', 'no such statement', 10008);
  const item = await statementItem(tx, row.id, null);
  if (row.carried_over) throw new PayoutRefused('statement_id', 'below the threshold: carried over', 10101);
  if (row.status === 'confirmed' && item.invoice_required)
    throw new PayoutRefused('statement_id', 'an invoice is required first', 10102);
  if (row.status !== 'confirmed' && row.status !== 'invoiced')
    throw new PayoutRefused('statement_id', `a ${row.status} statement cannot be paid`, 10007);
  if (row.hold_reason) throw new PayoutRefused('statement_id', `on hold: ${row.hold_reason}`, 10100);
  const [profile] = await tx
    .select()
    .from(paymentProfiles)
    .where(eq(paymentProfiles.company_id, row.company_id));
  if (!profile) throw new PayoutRefused('statement_id', 'the organisation has no payment profile', 10103);
  if (profile.hold_until && profile.hold_until > now)
    throw new PayoutRefused(
      'statement_id',
      `payment profile changed: on hold until ${profile.hold_until.toISOString()}`,
      10100,
    );
  if (amount !== item.payable_micros)
    throw new PayoutRefused('amount', `must equal the payable amount ${plainUsd(item.payable_micros)}`);
  const masked = maskedLine(profile.details_masked);
  const [payout] = await tx
    .insert(payouts)
    .values({
      reference: body.reference,
      company_id: row.company_id,
      statement_id: row.id,
      amount_micros: amount,
      method_masked: `${profile.method} ${masked}`.trim(),
      status: body.status,
      paid_at: paidAt,
      source,
      recorded_by: actorId,
      created_at: now,
    })
    .returning({ id: payouts.id });
  if (body.status === 'paid') {
    const carried = await tx
      .select({ id: paymentStatements.id })
      .from(paymentStatements)
      .where(eq(paymentStatements.carried_into_id, row.id));
    const paidIds = [
      row.id,
      ...(await chainOf(
        tx,
        carried.map((c) => c.id),
      )),
    ];
    await tx
      .update(paymentStatements)
      .set({ status: 'paid', paid_at: paidAt, updated_at: now })
      .where(inArray(paymentStatements.id, paidIds));
    await notify(tx, {
      kind: 'statement_paid',
      to: { companyId: row.company_id },
      params: {
        statement_id: row.id,
        month: row.month,
        amount: formatUsd(amount),
        reference: body.reference,
      },
      now,
    });
  }
  await recordAudit(
    tx,
    {
      actorId,
      companyId: row.company_id,
      objectType: 'payout',
      objectId: payout?.id ?? body.reference,
      action: 'pay',
      after: {
        reference: body.reference,
        statement_id: row.id,
        amount_micros: amount,
        status: body.status,
        source,
      },
    },
    now,
  );
  return true;
}

const MASKED_ORDER = ['bank_name', 'branch', 'swift_bic', 'iban', 'account_number', 'paypal_email'];

/** A profile's masked details on one line, in a fixed order (jsonb keeps no key order). */
export function maskedLine(masked: Record<string, string>): string {
  return MASKED_ORDER.flatMap((k) => (masked[k] ? [masked[k]] : [])).join(' ');
}

/** `ids` and every statement carried into them, transitively. */
async function chainOf(tx: Executor, ids: number[]): Promise<number[]> {
  const all = [...ids];
  let frontier = ids;
  while (frontier.length > 0) {
    const next = await tx
      .select({ id: paymentStatements.id })
      .from(paymentStatements)
      .where(inArray(paymentStatements.carried_into_id, frontier));
    frontier = next.map((n) => n.id).filter((id) => !all.includes(id));
    all.push(...frontier);
  }
  return all;
}

function asAppError(err: unknown): never {
  if (err instanceof PayoutRefused)
    throw err.code === 604
      ? paramError([{ field: err.field, message: err.message }])
      : new AppError(err.code);
  throw err;
}

/** Records one payout (see the module doc); answers whether it was new. */
export async function recordPayout(
  app: FastifyInstance,
  body: PayoutBody,
  source: PayoutSource,
  actorId: number | null,
): Promise<boolean> {
  const now = app.now();
  return app.db.transaction((tx) => recordIn(tx, body, source, actorId, now)).catch(asAppError);
}

/** Records many payouts, all or none: 604 with one error per bad entry (`line N: …`). */
export async function recordPayouts(
  app: FastifyInstance,
  entries: { line: number; body: PayoutBody | null; error?: string }[],
  source: PayoutSource,
  actorId: number | null,
): Promise<{ recorded: number; unchanged: number }> {
  const now = app.now();
  const errors: { field: string; message: string }[] = [];
  const result = { recorded: 0, unchanged: 0 };
  const seen = new Set<string>();
  await app.db.transaction(async (tx) => {
    for (const e of entries) {
      if (!e.body) {
        errors.push({ field: `line ${e.line}`, message: e.error ?? 'malformed line' });
        continue;
      }
      if (seen.has(e.body.reference)) {
        errors.push({ field: `line ${e.line}`, message: `reference ${e.body.reference} appears twice` });
        continue;
      }
      seen.add(e.body.reference);
      try {
        if (await recordIn(tx, e.body, source, actorId, now)) result.recorded += 1;
        else result.unchanged += 1;
      } catch (err) {
        if (!(err instanceof PayoutRefused)) throw err;
        errors.push({ field: `line ${e.line}`, message: `${err.field}: ${err.message}` });
      }
    }
    // Nothing of a file with a bad line is kept.
    if (errors.length > 0) throw paramError(errors);
  });
  return result;
}

/** Splits one CSV line (RFC 4180 quotes) into fields. */
function csvFields(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out.map((f) => f.trim());
}

const CSV_COLUMNS = ['statement_id', 'reference', 'amount', 'paid_on'] as const;

/**
 * The finance system's CSV (header `statement_id,reference,amount,paid_on[,status]`, any order) as
 * entries; a header without a required column answers 604 at once.
 */
export function parsePayoutCsv(csv: string): { line: number; body: PayoutBody | null; error?: string }[] {
  const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = csvFields(lines[0] ?? '').map((h) => h.toLowerCase());
  const missing = CSV_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length > 0) throw paramError([{ field: 'csv', message: `header lacks ${missing.join(', ')}` }]);
  const at = (fields: string[], name: string) => fields[header.indexOf(name)] ?? '';
  const entries: { line: number; body: PayoutBody | null; error?: string }[] = [];
  lines.slice(1).forEach((text, i) => {
    if (text.trim() === '') return;
    const line = i + 2;
    const f = csvFields(text);
    if (f.length !== header.length) {
      entries.push({ line, body: null, error: `${f.length} fields, the header has ${header.length}` });
      return;
    }
    const id = Number(at(f, 'statement_id'));
    const reference = at(f, 'reference');
    const status = header.includes('status') ? at(f, 'status') || 'paid' : 'paid';
    if (!Number.isInteger(id) || id <= 0)
      entries.push({ line, body: null, error: 'statement_id: not a statement id' });
    else if (!/^[\w.\-/]{1,64}$/.test(reference))
      entries.push({ line, body: null, error: 'reference: 1 to 64 letters, digits, . _ - /' });
    else if (status !== 'paid' && status !== 'failed')
      entries.push({ line, body: null, error: 'status: paid or failed' });
    else
      entries.push({
        line,
        body: { statement_id: id, reference, amount: at(f, 'amount'), paid_on: at(f, 'paid_on'), status },
      });
  });
  if (entries.length === 0) throw paramError([{ field: 'csv', message: 'no payout lines' }]);
  return entries;
}

/** The payout history of `companyId` (null: every organisation), newest first. */
export async function listPayouts(db: Executor, companyId: number | null): Promise<PayoutItem[]> {
  const rows = await db
    .select({ p: payouts, month: paymentStatements.month })
    .from(payouts)
    .innerJoin(paymentStatements, eq(paymentStatements.id, payouts.statement_id))
    .where(companyId === null ? undefined : and(eq(payouts.company_id, companyId)))
    .orderBy(desc(payouts.paid_at), desc(payouts.id));
  return rows.map(({ p, month }) => ({
    id: p.id,
    reference: p.reference,
    company_id: p.company_id,
    statement_id: p.statement_id,
    month,
    amount_micros: p.amount_micros,
    currency: p.currency,
    method_masked: p.method_masked,
    status: p.status as PayoutItem['status'],
    paid_at: p.paid_at.toISOString().slice(0, 10),
  }));
}

const titles = {
  zh: ['付款日期', '账单月份', '金额 (USD)', '币种', '收款方式', '参考号', '状态'],
  en: ['Paid on', 'Statement month', 'Amount (USD)', 'Currency', 'Method', 'Reference', 'Status'],
};

/** The history as CSV (UTF-8 with BOM) or XLSX, in `lang`; amounts as decimal USD. */
export async function exportPayouts(
  list: PayoutItem[],
  format: 'csv' | 'xlsx',
  lang: 'zh' | 'en',
): Promise<Buffer> {
  const rows = list.map((p) => [
    p.paid_at,
    `${Math.floor(p.month / 100)}-${String(p.month % 100).padStart(2, '0')}`,
    plainUsd(p.amount_micros),
    p.currency,
    p.method_masked,
    p.reference,
    p.status,
  ]);
  if (format === 'csv') {
    const text = [titles[lang], ...rows].map((r) => r.map((v) => csvCell(v)).join(',')).join('\r\n');
    return Buffer.from(`\uFEFF${text}\r\n`, 'utf8');
  }
  // Loaded on first use: exceljs is ~8 MB of heap a server that never exports payouts need not hold.
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(lang === 'zh' ? '付款记录' : 'Payouts');
  sheet.addRow(titles[lang]);
  for (const r of rows) sheet.addRow([r[0], r[1], Number(r[2]), r[3], r[4], r[5], r[6]]);
  sheet.getColumn(3).numFmt = '#,##0.00';
  return Buffer.from(await book.xlsx.writeBuffer());
}

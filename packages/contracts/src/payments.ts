/**
 * Payments (issue 23): the wire of monthly statements, the payment profile, documents and payouts.
 *
 * Money on the wire is an integer number of micro-units of USD (`*_micros`; 1 USD = 1 000 000),
 * always a whole number of cents (statement lines are rounded half-up to the cent when computed,
 * adjustments are entered in cents). The finance system's CSV and signed calls carry decimal USD text
 * (`1234.56`), parsed exactly by {@link parseUsd}.
 *
 * Routes (publisher: an active organisation admin 67, or a member 68 granted "finance"; never an API
 * key; operations see every organisation under /v1/ops/payments):
 * - `GET  /v1/payments/summary`                      → `paymentSummary`
 * - `GET  /v1/payments/statements`                   → `{ list: statementItem[] }`
 * - `GET  /v1/payments/statements/:id`               → `statementDetail`
 * - `GET  /v1/payments/statements/:id/pdf`           → application/pdf (`?lang=zh|en`)
 * - `POST /v1/payments/statements/:id/invoice`       body `documentUpload` → `null`
 * - `GET  /v1/payments/payouts`                      → `{ list: payoutItem[] }`
 * - `GET  /v1/payments/payouts/export?format=csv|xlsx`
 * - `GET  /v1/payments/profile`                      → `paymentProfile | null`
 * - `PUT  /v1/payments/profile`                      body `paymentProfileBody` → `paymentProfile`
 * - `POST /v1/payments/documents`                    body `documentUpload` (tax form) → `documentItem`
 * - `GET  /v1/payments/documents` / `GET /v1/payments/documents/:id`
 * - `GET|PUT /v1/payments/finance_grants`            admins: which members see Payments
 * Operations: `GET /v1/ops/payments/statements`, `POST /v1/ops/payments/close`,
 * `POST /v1/ops/payments/statements/:id/adjustments`, `POST /v1/ops/payments/confirm`,
 * `POST /v1/ops/payments/statements/:id/hold`, `POST /v1/ops/payments/payouts`,
 * `POST /v1/ops/payments/payouts/import`, `GET|PUT /v1/ops/payments/terms`.
 * Signed (api-contract §3): `GET /external_api/payments/statements`, `POST /external_api/payments/payouts`.
 */
import { z } from 'zod';

export const statementStatuses = ['open', 'closed', 'confirmed', 'invoiced', 'paid'] as const;
export type StatementStatus = (typeof statementStatuses)[number];
export const adjustmentKinds = ['itd_deduction', 'bonus', 'correction'] as const;
export type AdjustmentKind = (typeof adjustmentKinds)[number];
export const payoutMethods = ['bank_wire', 'paypal', 'cn_corporate'] as const;
export type PayoutMethod = (typeof payoutMethods)[number];

/** One micro-unit per 1e-6 USD; one cent is 10 000. */
export const MICROS_PER_USD = 1_000_000;
export const MICROS_PER_CENT = 10_000;
/** Largest amount accepted anywhere: 1 billion USD. */
export const MAX_MICROS = 1_000_000_000 * MICROS_PER_USD;

/**
 * Exact micro-units of a decimal USD text with at most two decimals (`-12.5`, `1234.56`); null when
 * malformed or beyond ±{@link MAX_MICROS}. No binary floating point is involved.
 */
export function parseUsd(text: string): number | null {
  const m = /^(-)?(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  const value = (m[1] ? -cents : cents) * MICROS_PER_CENT;
  return Math.abs(value) > MAX_MICROS ? null : value;
}

/** `micros` as USD text with two decimals and thousands separators (`1,234.56`, `-0.50`). */
export function formatUsd(micros: number): string {
  const cents = Math.round(micros / MICROS_PER_CENT);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** `micros` as plain decimal USD text (`1234.56`), for CSV and the finance system. */
export function plainUsd(micros: number): string {
  return formatUsd(micros).replaceAll(',', '');
}

const month = z.number().int().min(200001).max(299912);
const micros = z.number().int();

export const statementLine = z.object({
  app_key: z.string(),
  app_name: z.string(),
  impressions: z.number().int(),
  revenue_micros: micros,
});
export type StatementLine = z.infer<typeof statementLine>;

export const adjustmentItem = z.object({
  id: z.number().int(),
  kind: z.enum(adjustmentKinds),
  amount_micros: micros,
  reason_zh: z.string(),
  reason_en: z.string(),
  created_at: z.string(),
});
export type AdjustmentItem = z.infer<typeof adjustmentItem>;

/** One statement in a list. `total_micros` = revenue + adjustments; `payable_micros` adds `carried_in`. */
export const statementItem = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  profit_center_id: z.number().int(),
  profit_center_name: z.string(),
  month,
  status: z.enum(statementStatuses),
  revenue_micros: micros,
  adjustments_micros: micros,
  total_micros: micros,
  carried_in_micros: micros,
  payable_micros: micros,
  carried_over: z.boolean(),
  hold_reason: z.string().nullable(),
  invoice_required: z.boolean(),
  has_invoice: z.boolean(),
  snapshot_at: z.string(),
});
export type StatementItem = z.infer<typeof statementItem>;

/**
 * A statement with its lines and adjustments. `difference`: for a closed (or later) statement, the
 * facts of its month as they are now minus the frozen lines (a restatement), null when none.
 */
export const statementDetail = statementItem.extend({
  lines: z.array(statementLine),
  adjustments: z.array(adjustmentItem),
  difference: z
    .object({ impressions: z.number().int(), revenue_micros: micros, checked_at: z.string() })
    .nullable(),
});
export type StatementDetail = z.infer<typeof statementDetail>;

/** Per profit centre: the balance, the threshold and the next expected payment date. */
export const balanceItem = z.object({
  profit_center_id: z.number().int(),
  profit_center_name: z.string(),
  /** Unpaid confirmed statements, carried ones included. */
  balance_micros: micros,
  /** Of the balance: confirmed below the threshold, waiting for a later month. */
  carried_micros: micros,
  threshold_micros: micros,
  net_days: z.number().int(),
  /** yyyy-MM-dd, null when nothing is due (nothing confirmed, or below the threshold). */
  next_payment_date: z.string().nullable(),
  /** Estimate of the open month (not yet closed). */
  open_estimate_micros: micros,
});
export const paymentSummary = z.object({
  balance_micros: micros,
  carried_micros: micros,
  next_payment_date: z.string().nullable(),
  hold_until: z.string().nullable(),
  profile_complete: z.boolean(),
  by_profit_center: z.array(balanceItem),
});
export type PaymentSummary = z.infer<typeof paymentSummary>;

export const payoutItem = z.object({
  id: z.number().int(),
  reference: z.string(),
  company_id: z.number().int(),
  statement_id: z.number().int(),
  month,
  amount_micros: micros,
  currency: z.string(),
  method_masked: z.string(),
  status: z.enum(['paid', 'failed']),
  paid_at: z.string(),
});
export type PayoutItem = z.infer<typeof payoutItem>;

// ---- payment profile ----

/** No U+0000, no lone surrogates (the nul guard refuses them anyway), trimmed, bounded. */
const clean = (max: number) => z.string().trim().min(1).max(max);

export const bankWireDetails = z.object({
  method: z.literal('bank_wire'),
  bank_name: clean(100),
  swift_bic: clean(11),
  /** An IBAN, or `account_number` for countries without IBAN. */
  iban: z.string().trim().max(42).optional(),
  account_number: z.string().trim().max(34).optional(),
});
export const paypalDetails = z.object({ method: z.literal('paypal'), paypal_email: z.email().max(254) });
export const cnCorporateDetails = z.object({
  method: z.literal('cn_corporate'),
  bank_name: clean(100),
  branch: clean(100),
  account_number: z
    .string()
    .trim()
    .regex(/^\d{8,30}$/, 'digits only, 8 to 30'),
});
export const payoutDetails = z.discriminatedUnion('method', [
  bankWireDetails,
  paypalDetails,
  cnCorporateDetails,
]);
export type PayoutDetails = z.infer<typeof payoutDetails>;

/** `PUT /v1/payments/profile`: the new profile with the caller's password and 2FA code when enrolled. */
export const paymentProfileBody = z.object({
  beneficiary_name: clean(200),
  details: payoutDetails,
  tax_residence: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2 country code'),
  tax_id: clean(50),
  password: z.string().min(1).max(200),
  code: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
});
export type PaymentProfileBody = z.infer<typeof paymentProfileBody>;

/** The profile as shown: sensitive fields masked (last four characters). */
export const paymentProfile = z.object({
  beneficiary_name: z.string(),
  method: z.enum(payoutMethods),
  details_masked: z.record(z.string(), z.string()),
  tax_residence: z.string(),
  tax_id_masked: z.string(),
  hold_until: z.string().nullable(),
  updated_at: z.string(),
});
export type PaymentProfile = z.infer<typeof paymentProfile>;

// ---- documents ----

/** At most 10 MiB of PDF. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
/** Upload body: the file as base64 (JSON, like every other call of the API). */
export const documentUpload = z.object({
  file_name: clean(200),
  content_base64: z.string().max(Math.ceil(MAX_DOCUMENT_BYTES / 3) * 4 + 4),
});
export const documentItem = z.object({
  id: z.number().int(),
  kind: z.enum(['invoice', 'tax_form']),
  statement_id: z.number().int().nullable(),
  file_name: z.string(),
  size: z.number().int(),
  created_at: z.string(),
});
export type DocumentItem = z.infer<typeof documentItem>;

// ---- operations ----

export const opsStatementQuery = z.object({
  month: z.coerce.number().int().min(200001).max(299912).optional(),
  profit_center_id: z.coerce.number().int().positive().optional(),
  status: z.enum(statementStatuses).optional(),
  company_id: z.coerce.number().int().positive().optional(),
});
export const closeBody = z.object({ month });
export const adjustmentBody = z.object({
  kind: z.enum(adjustmentKinds),
  /** Decimal USD, at most two decimals; a deduction is entered positive and stored negative. */
  amount: z.string().max(20),
  reason_zh: clean(500),
  reason_en: clean(500),
});
export const confirmBody = z.object({ ids: z.array(z.number().int().positive()).min(1).max(500) });
export const holdBody = z.object({ reason: z.string().trim().max(500), hold: z.boolean().default(true) });
export const payoutBody = z.object({
  statement_id: z.number().int().positive(),
  reference: clean(64),
  amount: z.string().max(20),
  /** yyyy-MM-dd. */
  paid_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  status: z.enum(['paid', 'failed']).default('paid'),
});
export type PayoutBody = z.infer<typeof payoutBody>;
/** The finance system's CSV: header `statement_id,reference,amount,paid_on[,status]`. */
export const payoutImportBody = z.object({ csv: z.string().max(2_000_000) });
export const payoutImportResult = z.object({ recorded: z.number().int(), unchanged: z.number().int() });
export const termsItem = z.object({
  profit_center_id: z.number().int(),
  profit_center_name: z.string(),
  threshold_micros: micros,
  net_days: z.union([z.literal(30), z.literal(60)]),
  invoice_required: z.boolean(),
});
export const termsBody = z.object({
  profit_center_id: z.number().int().positive(),
  threshold: z.string().max(20),
  net_days: z.union([z.literal(30), z.literal(60)]),
  invoice_required: z.boolean(),
});
export const financeGrantsBody = z.object({ user_ids: z.array(z.number().int().positive()).max(500) });

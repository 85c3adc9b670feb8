/**
 * Payments (issue 23; modules/payments): monthly statements per organisation and profit centre, the
 * adjustments operations enter, the profit centres' terms, the organisation's payment profile,
 * uploaded documents and recorded payouts, and the members an admin granted "finance".
 *
 * Money is an integer number of micro-units of USD (1 USD = 1 000 000) everywhere (`*_micros`,
 * `bigint` read as a JS number: exact up to 2^53 micro-units, about 9 billion USD). Statement lines
 * are rounded to the cent when frozen (modules/payments/money.ts), so every stored amount is a whole
 * number of cents and totals equal the sum of their lines to the cent.
 *
 * Statement status: `open` → `closed` → `confirmed` → `invoiced` (only where the profit centre
 * requires an invoice) → `paid`. A confirmed statement whose payable amount is below the profit
 * centre's threshold is `carried_over`: it stays confirmed and its amount is added (`carried_in`) to
 * the next statement of the same organisation and profit centre that is confirmed; it is paid with it.
 */
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './organisations.ts';
import { users } from './users.ts';

/** `bytea` as a Node Buffer (PGlite answers a Uint8Array, postgres-js a Buffer). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => Buffer.from(value),
});

const micros = (name: string) => bigint(name, { mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true });

/** One app's line of a statement: the month's sums from the report facts. */
export type StatementLine = {
  app_key: string;
  app_name: string;
  impressions: number;
  /** Revenue rounded half-up to the cent, in micro-units. */
  revenue_micros: number;
};

/** Terms of a profit centre; no row: the defaults ($100, Net 30, no invoice). */
export const paymentTerms = pgTable('payment_terms', {
  profit_center_id: integer('profit_center_id').primaryKey(),
  threshold_micros: micros('threshold_micros').notNull().default(100_000_000),
  /** 30 or 60: days after the month's end a payment is due. */
  net_days: smallint('net_days').notNull().default(30),
  invoice_required: boolean('invoice_required').notNull().default(false),
  updated_at: at('updated_at').notNull().defaultNow(),
});

export const paymentStatements = pgTable(
  'payment_statements',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    profit_center_id: integer('profit_center_id').notNull(),
    /** yyyyMM of the calendar month in REPORT_TIMEZONE. */
    month: integer('month').notNull(),
    /** open, closed, confirmed, invoiced, paid. */
    status: text('status').notNull(),
    lines: jsonb('lines').$type<StatementLine[]>().notNull(),
    revenue_micros: micros('revenue_micros').notNull(),
    /** When the lines were computed (open: the last refresh; closed: the freeze). */
    snapshot_at: at('snapshot_at').notNull(),
    /** Set when confirmed: the carried amounts of earlier statements added to this one. */
    carried_in_micros: micros('carried_in_micros').notNull().default(0),
    /** Confirmed below the threshold: carried to the next confirmed statement. */
    carried_over: boolean('carried_over').notNull().default(false),
    /** The statement this one was carried into. */
    carried_into_id: integer('carried_into_id'),
    hold_reason: text('hold_reason'),
    closed_at: at('closed_at'),
    confirmed_at: at('confirmed_at'),
    invoiced_at: at('invoiced_at'),
    paid_at: at('paid_at'),
    updated_at: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('payment_statements_uq').on(t.company_id, t.profit_center_id, t.month),
    index('payment_statements_month_idx').on(t.month, t.status),
  ],
);

export const paymentAdjustments = pgTable(
  'payment_adjustments',
  {
    id: serial('id').primaryKey(),
    statement_id: integer('statement_id')
      .notNull()
      .references(() => paymentStatements.id),
    /** itd_deduction, bonus, correction. */
    kind: text('kind').notNull(),
    /** Signed: a deduction is negative. */
    amount_micros: micros('amount_micros').notNull(),
    reason_zh: text('reason_zh').notNull(),
    reason_en: text('reason_en').notNull(),
    created_by: integer('created_by').references(() => users.id),
    created_at: at('created_at').notNull(),
  },
  (t) => [index('payment_adjustments_statement_idx').on(t.statement_id)],
);

/**
 * The organisation's payment profile. `details_sealed` and `tax_id_sealed` are AES-256-GCM sealed
 * (modules/two-factor/secret-box.ts, bound to the company); `details_masked` is what screens show.
 */
export const paymentProfiles = pgTable('payment_profiles', {
  company_id: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  beneficiary_name: text('beneficiary_name').notNull(),
  /** bank_wire, paypal, cn_corporate. */
  method: text('method').notNull(),
  details_sealed: text('details_sealed').notNull(),
  details_masked: jsonb('details_masked').$type<Record<string, string>>().notNull(),
  /** ISO 3166-1 alpha-2. */
  tax_residence: text('tax_residence').notNull(),
  tax_id_sealed: text('tax_id_sealed').notNull(),
  tax_id_masked: text('tax_id_masked').notNull(),
  /** Payouts wait until then after a change (7 days). */
  hold_until: at('hold_until'),
  updated_by: integer('updated_by').references(() => users.id),
  updated_at: at('updated_at').notNull(),
});

/** Uploaded PDFs (invoices, tax forms), kept in the accounts store so every instance serves them. */
export const paymentDocuments = pgTable(
  'payment_documents',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** invoice, tax_form. */
    kind: text('kind').notNull(),
    statement_id: integer('statement_id').references(() => paymentStatements.id),
    file_name: text('file_name').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    uploaded_by: integer('uploaded_by').references(() => users.id),
    created_at: at('created_at').notNull(),
  },
  (t) => [index('payment_documents_company_idx').on(t.company_id)],
);

export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    /** The finance system's reference: a payout is recorded once per reference. */
    reference: text('reference').notNull(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    statement_id: integer('statement_id')
      .notNull()
      .references(() => paymentStatements.id),
    amount_micros: micros('amount_micros').notNull(),
    currency: text('currency').notNull().default('USD'),
    method_masked: text('method_masked').notNull(),
    /** paid, failed. */
    status: text('status').notNull(),
    paid_at: at('paid_at').notNull(),
    /** ops, csv, external. */
    source: text('source').notNull(),
    recorded_by: integer('recorded_by').references(() => users.id),
    created_at: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('payouts_reference_uq').on(t.reference), index('payouts_company_idx').on(t.company_id)],
);

/** Members (role 68) an organisation admin let see Payments. */
export const financeGrants = pgTable('finance_grants', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  company_id: integer('company_id')
    .notNull()
    .references(() => companies.id),
  granted_by: integer('granted_by').references(() => users.id),
  granted_at: at('granted_at').notNull(),
});

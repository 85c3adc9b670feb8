/**
 * Path parameters, queries and answers of the payments routes (issue 23) beside payments.ts's forms
 * and items: statement and document ids, the PDF's language, the payout export's format, the finance
 * grants, the month close's counts.
 */
import { z } from 'zod';
import { payoutItem } from './payments.ts';

/** `{id}` of a statement or a document (int4). */
export const paymentIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** `GET /v1/payments/statements/{id}/pdf`: the PDF's language (default the caller's). */
export const statementPdfQuery = z.object({ lang: z.enum(['zh', 'en']).optional() });

/** `GET /v1/payments/payouts/export`: CSV (default) or XLSX. */
export const payoutExportQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });

/** `GET /v1/payments/finance_grants`: the organisation's members and whether each sees Payments. */
export const financeGrantList = z.object({
  list: z.array(
    z.object({ user_id: z.number().int(), name: z.string(), email: z.string(), finance: z.boolean() }),
  ),
});

/** `POST /v1/ops/payments/close`: statements closed now, and those already closed. */
export const monthCloseResult = z.object({ closed: z.number().int(), unchanged: z.number().int() });

/** `GET /v1/ops/payments/payouts`: every organisation's payouts, newest first. */
export const opsPayoutList = z.object({ list: z.array(payoutItem) });

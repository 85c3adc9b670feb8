/**
 * Partner calls (`/external_api/*`, caller `external`, api-contract "External API"): every request
 * carries `partner_id`, `timestamp` (Unix seconds) and `sign` (sign.ts canonicaliser), checked by the
 * server's plugins/partner-signature.ts before validation. GET calls send them in the query (so
 * `timestamp` is coerced), POST calls in the JSON body (a number).
 */
import { z } from 'zod';
import { companyListQuery } from './apps.ts';
import { payoutBody } from './payments.ts';
import { externalTestDevicesQuery } from './test-devices.ts';

/** The signed fields as query parameters. */
export const signedFields = {
  partner_id: z.string().min(1),
  timestamp: z.coerce.number().int(),
  sign: z.string().min(1),
};

/** The signed fields of a JSON body: `timestamp` is a number there. */
const signedBodyFields = { ...signedFields, timestamp: z.number().int() };

/** A GET with nothing but the signature. */
export const signedQuery = z.object(signedFields);

/** `POST /external_api/profit_center/notice`: the partner creates, renames or disables a profit centre. */
export const profitCenterNotice = z.object({
  id: z.number().int().positive(),
  name: z.string().trim().min(1).max(100),
  /** 1 active (default), 2 disabled. */
  status: z.union([z.literal(1), z.literal(2)]).default(1),
  ...signedBodyFields,
});

/** `GET /external_api/company/list`: the ops company filter, signed. */
export const externalCompanyQuery = companyListQuery.extend(signedFields);

/** `GET /external_api/test_devices`: test-devices.ts `externalTestDevicesQuery`, signed. */
export const externalTestDevicesSignedQuery = externalTestDevicesQuery.extend(signedFields);

/** `GET /external_api/payments/statements`: one statement awaiting payment (amount decimal USD). */
export const dueStatement = z.object({
  statement_id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  profit_center_id: z.number().int(),
  month: z.number().int(),
  status: z.string(),
  amount: z.string(),
  currency: z.literal('USD'),
  beneficiary_name: z.string().nullable(),
  method: z.string().nullable(),
  method_masked: z.string().nullable(),
  on_hold: z.boolean(),
});

/** `POST /external_api/payments/payouts`: payout results, all or nothing, idempotent by reference. */
export const externalPayoutsBody = z.object({
  payouts: z.array(payoutBody).min(1).max(1000),
  ...signedBodyFields,
});

/** How many payouts were recorded, and how many were already (same reference, same content). */
export const payoutsRecorded = z.object({ recorded: z.number().int(), unchanged: z.number().int() });

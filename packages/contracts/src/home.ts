/**
 * The home a signed-in publisher opens (issue 27 item 5): estimated earnings by period with the change
 * against the period before, the top 5 apps by revenue this month and the setup checklist.
 *
 * - `GET /v1/home` → `homeData` (session; an active member of an organisation, else 601).
 *
 * Every figure is the SDK report's (`GET /v1/report/list/sdk`, fields `revenue`) for the same dates
 * and the caller's scope (a member: their data permissions), on the caller's report clock (their time
 * zone); "today" is today so far, which the report itself does not offer, compared with yesterday up
 * to the same hour. Revenue is the report's
 * exact decimal in USD (a string of up to 6 decimals, or a number); `change` the ratio
 * (current − previous) / previous, null when the previous period earned nothing. Without the SDK
 * report the earnings and top apps are absent (`earnings_visible` false).
 *
 * `cards` is a list of `kind`ed cards; a client shows the kinds it knows and skips the others:
 * - `earnings`: one per period above;
 * - `balance` (issue 23 item 2): only for a caller who sees Payments (`canSeePayments`), the figures of
 *   `GET /v1/payments/summary`: unpaid confirmed balance and carried part in integer micro-units of
 *   USD, the next expected payment date (yyyy-MM-dd or null), the payout hold's end (ISO or null).
 */
import { z } from 'zod';

export const earningsPeriods = ['today', 'yesterday', 'last_7_days', 'this_month', 'last_month'] as const;
export type EarningsPeriod = (typeof earningsPeriods)[number];

const money = z.union([z.string(), z.number()]);

export const earningsCard = z.object({
  kind: z.literal('earnings'),
  period: z.enum(earningsPeriods),
  /** yyyyMMdd, inclusive. */
  start: z.string(),
  end: z.string(),
  revenue: money,
  /**
   * The period before. For `today` only yesterday up to `until_hour` (0–23, inclusive: the last hour
   * with facts today on the caller's clock), null while today has no facts yet (`change` null too).
   */
  previous: z.object({
    start: z.string(),
    end: z.string(),
    revenue: money,
    until_hour: z.number().int().min(0).max(23).nullable().optional(),
  }),
  change: z.number().nullable(),
});
export type EarningsCard = z.infer<typeof earningsCard>;

export const balanceCard = z.object({
  kind: z.literal('balance'),
  balance_micros: z.number().int(),
  carried_micros: z.number().int(),
  next_payment_date: z.string().nullable(),
  hold_until: z.string().nullable(),
});
export type BalanceCard = z.infer<typeof balanceCard>;

/** Every kind of home card. */
export const homeCard = z.discriminatedUnion('kind', [earningsCard, balanceCard]);
export type HomeCard = z.infer<typeof homeCard>;

export const checklistSteps = [
  'organisation',
  'first_app',
  'app_approved',
  'first_ad_slot',
  'sdk_integrated',
  'first_impression',
  'app_ads_found',
] as const;
export type ChecklistStep = (typeof checklistSteps)[number];

export const homeData = z.object({
  /** The caller's report time zone (IANA) and today in it, yyyyMMdd. */
  timezone: z.string(),
  today: z.string(),
  earnings_visible: z.boolean(),
  cards: z.array(homeCard),
  top_apps: z.array(z.object({ app_key: z.string(), app_name: z.string().nullable(), revenue: money })),
  checklist: z.array(z.object({ step: z.enum(checklistSteps), done: z.boolean() })),
});
export type HomeData = z.infer<typeof homeData>;

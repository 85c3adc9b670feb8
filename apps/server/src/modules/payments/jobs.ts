/**
 * Payments' periodic job (issue 23 item 1), on the durable job queue (plugins/jobs): daily at 02:00
 * REPORT_TIMEZONE, one run per day however many instances poll:
 * - the current month's open statements are brought in line with the facts (estimates update daily);
 * - from PAYMENTS_CLOSE_DAY on, the previous month is closed (idempotent: a closed month stays as it is);
 *   with PAYMENTS_CLOSE_DAY=0 never: operations close months by hand.
 */
import type { FastifyInstance } from 'fastify';
import { addMonths } from './money.ts';
import { closeMonth, currentDay, currentMonth, refreshOpen } from './month-close.ts';

export const PAYMENTS_DAILY_JOB = 'payments.daily';

/** What the daily job does, once (tests call it directly). */
export async function runPaymentsDaily(app: FastifyInstance): Promise<void> {
  const month = currentMonth(app);
  const closeDay = app.config.paymentsCloseDay;
  if (closeDay > 0 && currentDay(app) >= closeDay) {
    const result = await closeMonth(app, addMonths(month, -1), null);
    if (result.closed > 0) app.log.info({ month: addMonths(month, -1), ...result }, 'payments: month closed');
  }
  await refreshOpen(app, month);
}

/** Defines the daily job on the app's job runner. */
export function definePaymentJobs(app: FastifyInstance): void {
  app.jobs.every(PAYMENTS_DAILY_JOB, { dailyAt: { hour: 2, timezone: app.config.reportTimezone } }, () =>
    runPaymentsDaily(app),
  );
}

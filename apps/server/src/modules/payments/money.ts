/**
 * Money rules of Payments (issue 23), stated once:
 * - amounts are integers of micro-units of USD (1 USD = 1 000 000; contracts payments.ts);
 * - the report facts' revenue (DECIMAL(18,6)) is summed per app and month by the report store exactly,
 *   then rounded **half-up to the cent, once per statement line** ({@link roundToCent});
 * - adjustments are entered in cents; a statement's total is the sum of its lines plus its
 *   adjustments, so every total equals the sum of its parts to the cent;
 * - a month is the calendar month of REPORT_TIMEZONE (the facts' `dt` is already on that clock).
 */
import { MICROS_PER_CENT } from '@portal/contracts/payments.ts';

/** `micros` rounded half-up (away from zero for negatives) to a whole number of cents. */
export function roundToCent(micros: number): number {
  const sign = micros < 0 ? -1 : 1;
  const abs = Math.abs(micros);
  return sign * Math.floor((abs + MICROS_PER_CENT / 2) / MICROS_PER_CENT) * MICROS_PER_CENT;
}

/** yyyyMM → first and last day (yyyy-MM-dd). Throws on a malformed month. */
export function monthDays(month: number): { first: string; last: string } {
  const y = Math.floor(month / 100);
  const m = month % 100;
  if (m < 1 || m > 12) throw new Error(`bad month ${month}`);
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, '0');
  return { first: `${y}-${mm}-01`, last: `${y}-${mm}-${String(lastDay).padStart(2, '0')}` };
}

/** The month after / before yyyyMM. */
export function addMonths(month: number, n: number): number {
  const index = Math.floor(month / 100) * 12 + (month % 100) - 1 + n;
  return Math.floor(index / 12) * 100 + (index % 12) + 1;
}

/** The yyyyMM of the wall-clock day `day` (yyyy-MM-dd). */
export function monthOf(day: string): number {
  return Number(day.slice(0, 4)) * 100 + Number(day.slice(5, 7));
}

/** The day (yyyy-MM-dd) `netDays` after the last day of `month`: when its payment is expected. */
export function dueDate(month: number, netDays: number): string {
  const { last } = monthDays(month);
  const t = Date.parse(`${last}T00:00:00Z`) + netDays * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

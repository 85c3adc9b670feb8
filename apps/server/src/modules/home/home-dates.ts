/**
 * The periods of the home's earnings cards (contracts home.ts), from `today` (yyyyMMdd on the
 * caller's report clock). Pure. Each period has the one before it:
 * - today (so far) ↔ yesterday; yesterday ↔ the day before;
 * - last 7 days (ending yesterday) ↔ the 7 days before;
 * - this month (1st to today) ↔ last month's same days (the day clamped to its length);
 * - last month ↔ the month before.
 */
import type { EarningsPeriod } from '@portal/contracts/home.ts';
import { dayNumber, fromDayNumber } from '@portal/contracts/report-dates.ts';

export type Range = { start: string; end: string };

const ymd = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}${String(m).padStart(2, '0')}${String(d).padStart(2, '0')}`;
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
/** Year and month (1–12) `delta` months from y/m. */
function shift(y: number, m: number, delta: number): [number, number] {
  const i = y * 12 + (m - 1) + delta;
  return [Math.floor(i / 12), (i % 12) + 1];
}
const plus = (day: string, n: number) => fromDayNumber(dayNumber(day) + n);

/** Each period and its previous one. */
export function earningsRanges(today: string): Record<EarningsPeriod, { current: Range; previous: Range }> {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(4, 6));
  const d = Number(today.slice(6, 8));
  const yesterday = plus(today, -1);
  const [ly, lm] = shift(y, m, -1);
  const [py, pm] = shift(y, m, -2);
  return {
    today: { current: { start: today, end: today }, previous: { start: yesterday, end: yesterday } },
    yesterday: {
      current: { start: yesterday, end: yesterday },
      previous: { start: plus(today, -2), end: plus(today, -2) },
    },
    last_7_days: {
      current: { start: plus(today, -7), end: yesterday },
      previous: { start: plus(today, -14), end: plus(today, -8) },
    },
    this_month: {
      current: { start: ymd(y, m, 1), end: today },
      previous: { start: ymd(ly, lm, 1), end: ymd(ly, lm, Math.min(d, daysIn(ly, lm))) },
    },
    last_month: {
      current: { start: ymd(ly, lm, 1), end: ymd(ly, lm, daysIn(ly, lm)) },
      previous: { start: ymd(py, pm, 1), end: ymd(py, pm, daysIn(py, pm)) },
    },
  };
}

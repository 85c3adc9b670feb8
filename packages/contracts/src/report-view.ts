/**
 * How a report's period is chosen and compared (issue 13 items 2–3), shared by the page and the
 * server so both clip and shift the same way:
 *
 * - Presets `yesterday`, `last_7_days`, `last_30_days`, `this_month`, `last_month` resolve against the
 *   reporting day's yesterday (api-contract §8) and are clipped by the spec's date rules (§5: end not
 *   after yesterday, start not before the kind's earliest date, at most 90 days).
 * - Comparison `previous` is the period of the same length just before; `last_year` the same calendar
 *   days one year earlier (29 February → 28 February).
 *
 * Wire: every list (`/v1/report/list/{kind}`, `/v1/report/list/game/sdk`, `/gx/report/list`) and the
 * trend take `preset` (overrides the dates it is sent with) and `compare`. With `compare` the list
 * answers `compare_range` `{ start, end }` (yyyyMMdd), `compare_total` (every metric over the compare
 * period, same filters) and `compare_list` (per row of `list`, by index: the row's shown metrics in
 * the compare period, the row's date shifted the same way; null when that group has no facts then).
 * Dates are yyyyMMdd strings.
 */
import { z } from 'zod';
import { EARLIEST_REPORT_DATE, MAX_REPORT_DAYS } from './constants.ts';
import { dayNumber, fromDayNumber } from './report-dates.ts';

export const reportPresets = [
  'yesterday',
  'last_7_days',
  'last_30_days',
  'this_month',
  'last_month',
] as const;
export type ReportPreset = (typeof reportPresets)[number];

export const compareModes = ['previous', 'last_year'] as const;
export type CompareMode = (typeof compareModes)[number];

/** Labels of presets and comparison modes. */
export const reportViewText: Record<ReportPreset | CompareMode, { zh: string; en: string }> = {
  yesterday: { zh: '昨天', en: 'Yesterday' },
  last_7_days: { zh: '最近 7 天', en: 'Last 7 days' },
  last_30_days: { zh: '最近 30 天', en: 'Last 30 days' },
  this_month: { zh: '本月', en: 'This month' },
  last_month: { zh: '上月', en: 'Last month' },
  previous: { zh: '上一周期', en: 'Previous period' },
  last_year: { zh: '去年同期', en: 'Same period last year' },
};

/** `preset` and `compare` beside a list or trend query. */
export const viewParams = {
  preset: z.enum(reportPresets).optional(),
  compare: z.enum(compareModes).optional(),
};

export type DayRange = { start: string; end: string };

/** `yyyyMMdd` with the year moved by `years`, the day clamped to the month's length. */
export function shiftYears(yyyymmdd: string, years: number): string {
  const y = Number(yyyymmdd.slice(0, 4)) + years;
  const m = Number(yyyymmdd.slice(4, 6));
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const d = Math.min(Number(yyyymmdd.slice(6, 8)), last);
  return `${String(y).padStart(4, '0')}${String(m).padStart(2, '0')}${String(d).padStart(2, '0')}`;
}

const addDays = (yyyymmdd: string, n: number) => fromDayNumber(dayNumber(yyyymmdd) + n);

/**
 * The range of `preset` given the latest reportable day `yesterday`, clipped to the date rules:
 * start ≥ `earliest`, ≤ 90 days. Null when nothing of it is reportable (it ends before `earliest`).
 */
export function presetRange(
  preset: ReportPreset,
  yesterday: string,
  earliest: string = EARLIEST_REPORT_DATE,
): DayRange | null {
  let start: string;
  let end = yesterday;
  if (preset === 'yesterday') start = yesterday;
  else if (preset === 'last_7_days') start = addDays(yesterday, -6);
  else if (preset === 'last_30_days') start = addDays(yesterday, -29);
  else if (preset === 'this_month') start = `${yesterday.slice(0, 6)}01`;
  else {
    end = addDays(`${yesterday.slice(0, 6)}01`, -1);
    start = `${end.slice(0, 6)}01`;
  }
  if (start < earliest) start = earliest;
  const longest = addDays(end, -(MAX_REPORT_DAYS - 1));
  if (start < longest) start = longest;
  return start > end ? null : { start, end };
}

/** The period `mode` compares `range` with. */
export function compareRange(range: DayRange, mode: CompareMode): DayRange {
  if (mode === 'last_year') return { start: shiftYears(range.start, -1), end: shiftYears(range.end, -1) };
  const days = dayNumber(range.end) - dayNumber(range.start) + 1;
  return { start: addDays(range.start, -days), end: addDays(range.start, -1) };
}

/**
 * A day of `range` moved into its compare period (the day a row's comparison is read from); keeps the
 * day's format (yyyyMMdd or yyyy-MM-dd).
 */
export function compareDay(day: string, range: DayRange, mode: CompareMode): string {
  const plain = day.replaceAll('-', '');
  const days = dayNumber(range.end) - dayNumber(range.start) + 1;
  const out = mode === 'last_year' ? shiftYears(plain, -1) : addDays(plain, -days);
  return day.includes('-') ? `${out.slice(0, 4)}-${out.slice(4, 6)}-${out.slice(6, 8)}` : out;
}

/** Relative change of `current` against `previous` (0.1 = +10 %); null when `previous` is 0 or missing. */
export function relativeChange(current: unknown, previous: unknown): number | null {
  const c = Number(current ?? 0);
  const p = Number(previous ?? 0);
  if (!Number.isFinite(c) || !Number.isFinite(p) || p === 0) return null;
  return (c - p) / Math.abs(p);
}

const metricValue = z.union([z.number(), z.null()]);

/** The comparison part of a list's data (present when `compare` was sent). */
export const compareListData = {
  compare_range: z.object({ start: z.string(), end: z.string() }).optional(),
  compare_total: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).optional(),
  compare_list: z.array(z.union([z.record(z.string(), metricValue), z.null()])).optional(),
};

/**
 * Report date rules of spec §5 and api-contract §8, shared by the date picker and the server:
 * end not after yesterday, at most 90 days inclusive, start not before the kind's earliest date.
 * Dates are yyyyMMdd strings; "yesterday" is computed by the caller in REPORT_TIMEZONE.
 */
import { EARLIEST_REPORT_DATE, MAX_REPORT_DAYS } from './constants.ts';

export type DateRuleViolation = 'order' | 'after_yesterday' | 'too_long' | 'too_early' | 'format';

export const dateRuleText: Record<DateRuleViolation, { zh: string; en: string }> = {
  format: { zh: '日期格式错误，应为 {format}', en: 'Date format error, expected {format}' },
  order: { zh: '开始日期不能晚于结束日期', en: 'The start date cannot be after the end date' },
  after_yesterday: { zh: '结束日期不能晚于昨天', en: 'The end date cannot be later than yesterday' },
  too_long: { zh: '查询范围不能超过 90 天', en: 'The date range cannot exceed 90 days' },
  too_early: { zh: '最早查询日期为 {date}', en: 'The minimum query date is {date}' },
};

const DATE_RE = /^\d{8}$/;

/** Days since 1970-01-01 of a yyyyMMdd string (UTC calendar arithmetic). */
export function dayNumber(yyyymmdd: string): number {
  const y = Number(yyyymmdd.slice(0, 4));
  const m = Number(yyyymmdd.slice(4, 6));
  const d = Number(yyyymmdd.slice(6, 8));
  return Math.round(Date.UTC(y, m - 1, d) / 86_400_000);
}

/** yyyyMMdd of a day number. */
export function fromDayNumber(n: number): string {
  return new Date(n * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
}

/** True when the string is a real calendar date in yyyyMMdd. */
export function isYyyymmdd(v: string): boolean {
  return DATE_RE.test(v) && fromDayNumber(dayNumber(v)) === v;
}

/** Checks a range; returns the first violated rule or null. `yesterday` is yyyyMMdd. */
export function checkReportRange(
  start: string,
  end: string,
  yesterday: string,
  earliest: string = EARLIEST_REPORT_DATE,
): DateRuleViolation | null {
  if (!isYyyymmdd(start) || !isYyyymmdd(end)) return 'format';
  if (start > end) return 'order';
  if (end > yesterday) return 'after_yesterday';
  if (start < earliest) return 'too_early';
  if (dayNumber(end) - dayNumber(start) + 1 > MAX_REPORT_DAYS) return 'too_long';
  return null;
}

/** yyyy-MM-dd → yyyyMMdd for display of the earliest date in messages. */
export function dashed(yyyymmdd: string): string {
  return `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;
}

/** One formatter per time zone: building an `Intl.DateTimeFormat` costs far more than using one. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // throws RangeError for a zone the runtime does not know (callers rely on it), before caching
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/**
 * yyyyMMdd of the calendar day of `now` in the IANA `timeZone` (the reporting day, api-contract §8).
 * Throws RangeError for an unknown zone.
 */
export function dayIn(now: Date, timeZone: string): string {
  const parts = dayFormat(timeZone).formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}${get('month')}${get('day')}`;
}

/** yyyyMMdd of the day before `now`'s reporting day in `timeZone`: the latest day a report may show. */
export function yesterdayIn(now: Date, timeZone: string): string {
  return fromDayNumber(dayNumber(dayIn(now, timeZone)) - 1);
}

/**
 * The 604 message of a violated date rule in `lang`, `{date}` filled with the earliest date and
 * `{format}` with the date format the endpoint expects (`yyyyMMdd`, or `yyyy-MM-dd` for the game
 * and app reports, api-contract §8).
 */
export function dateRuleMessage(
  rule: DateRuleViolation,
  lang: 'zh' | 'en',
  earliest: string = EARLIEST_REPORT_DATE,
  format: 'yyyyMMdd' | 'yyyy-MM-dd' = 'yyyyMMdd',
): string {
  return dateRuleText[rule][lang].replace('{date}', dashed(earliest)).replace('{format}', format);
}

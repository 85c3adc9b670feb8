/** Report date range helpers over contracts' date rules (spec §5 Report dates, §9 defaults). */
import { EARLIEST_REPORT_DATE } from '@portal/contracts/constants.ts';
import { checkReportRange, type DateRuleViolation, dateRuleMessage } from '@portal/contracts/report-dates.ts';
import dayjs, { type Dayjs } from 'dayjs';

export type Range = [Dayjs, Dayjs];

const WIRE = 'YYYYMMDD';

/**
 * Yesterday as a reporting day: the earlier of the browser's and UTC's yesterday, so a browser ahead
 * of the server's reporting time zone (UTC by default) never asks for a day the server refuses.
 */
export function yesterday(now: Dayjs = dayjs()): Dayjs {
  const local = now.startOf('day').subtract(1, 'day');
  const utcYesterday = dayjs(now.toDate().toISOString().slice(0, 10)).subtract(1, 'day');
  return utcYesterday.isBefore(local) ? utcYesterday : local;
}

/** Last 7 days through yesterday. */
export function defaultRange(now: Dayjs = dayjs()): Range {
  const end = yesterday(now);
  return [end.subtract(6, 'day'), end];
}

/** yyyyMMdd of a day. */
export function toWire(d: Dayjs): string {
  return d.format(WIRE);
}

/** `dt` query value: `start,end` in yyyyMMdd. */
export function dtParam([start, end]: Range): string {
  return `${toWire(start)},${toWire(end)}`;
}

/** Picker rule: no day after yesterday or before the earliest date. */
export function isDisabledDay(
  d: Dayjs,
  earliest: string = EARLIEST_REPORT_DATE,
  now: Dayjs = dayjs(),
): boolean {
  const day = toWire(d);
  return day > toWire(yesterday(now)) || day < earliest;
}

/** The first violated rule of a range, or null. */
export function rangeViolation(
  [start, end]: Range,
  earliest: string = EARLIEST_REPORT_DATE,
  now: Dayjs = dayjs(),
): DateRuleViolation | null {
  return checkReportRange(toWire(start), toWire(end), toWire(yesterday(now)), earliest);
}

/** The message of a violated rule in `lang`. */
export function violationText(
  v: DateRuleViolation,
  lang: 'zh' | 'en',
  earliest = EARLIEST_REPORT_DATE,
): string {
  return dateRuleMessage(v, lang, earliest);
}

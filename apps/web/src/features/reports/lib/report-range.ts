/** Report date range helpers over contracts' date rules (spec §5 Report dates, §9 defaults). */
import { EARLIEST_REPORT_DATE } from '@portal/contracts/constants.ts';
import {
  checkReportRange,
  type DateRuleViolation,
  dateRuleMessage,
  yesterdayIn,
} from '@portal/contracts/report-dates.ts';
import dayjs, { type Dayjs } from 'dayjs';
import { getSession } from '@/lib/session.ts';

export type Range = [Dayjs, Dayjs];

const WIRE = 'YYYYMMDD';

/**
 * Yesterday as a reporting day: the earliest of the browser's, UTC's and, once the session holds the
 * user info, the network's (REPORT_TIMEZONE) and the user's report zone's yesterday (issue 13 item 9:
 * hourly kinds are on the user's clock, the others on the network's), so the page never asks for a
 * day the server refuses on either clock.
 */
export function yesterday(now: Dayjs = dayjs()): Dayjs {
  const info = getSession().userInfo;
  let day = toWire(now.startOf('day').subtract(1, 'day'));
  for (const zone of ['UTC', info?.network_timezone, info?.timezone]) {
    if (!zone) continue;
    try {
      const y = yesterdayIn(now.toDate(), zone);
      if (y < day) day = y;
    } catch {
      // A zone this browser does not know: the other clocks still hold.
    }
  }
  return dayjs(`${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`);
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

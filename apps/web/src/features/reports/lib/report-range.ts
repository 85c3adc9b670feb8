/** Report date range helpers over contracts' date rules (spec §5 Report dates, §9 defaults). */
import { EARLIEST_REPORT_DATE } from '@portal/contracts/constants.ts';
import { reportYesterday } from '@portal/contracts/report-clock.ts';
import {
  checkReportRange,
  type DateRuleViolation,
  dateRuleMessage,
  yesterdayIn,
} from '@portal/contracts/report-dates.ts';
import type { ReportKind } from '@portal/contracts/reports-kinds.ts';
import dayjs, { type Dayjs } from 'dayjs';
import { getSession } from '@/lib/session.ts';

export type Range = [Dayjs, Dayjs];

const WIRE = 'YYYYMMDD';

/**
 * Yesterday as a reporting day of `kind`: the contracts' one rule (report-clock.ts `reportYesterday`),
 * the day before today in the user's report zone for the hourly kinds and in the network's
 * (REPORT_TIMEZONE) for the others, both from the session's user info; so the page offers exactly the
 * days the server accepts. Before the user info is known (or for a zone this browser does not know),
 * UTC's yesterday, the network's default.
 */
export function yesterday(now: Dayjs = dayjs(), kind: ReportKind = 'sdk'): Dayjs {
  const info = getSession().userInfo;
  let day: string;
  try {
    day = reportYesterday(now.toDate(), kind, {
      user: info?.timezone ?? null,
      network: info?.network_timezone ?? 'UTC',
    });
  } catch {
    day = yesterdayIn(now.toDate(), 'UTC');
  }
  return dayjs(`${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`);
}

/** Last 7 days through yesterday of `kind`. */
export function defaultRange(now: Dayjs = dayjs(), kind: ReportKind = 'sdk'): Range {
  const end = yesterday(now, kind);
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
  kind: ReportKind = 'sdk',
): boolean {
  const day = toWire(d);
  return day > toWire(yesterday(now, kind)) || day < earliest;
}

/** The first violated rule of a range, or null. */
export function rangeViolation(
  [start, end]: Range,
  earliest: string = EARLIEST_REPORT_DATE,
  now: Dayjs = dayjs(),
  kind: ReportKind = 'sdk',
): DateRuleViolation | null {
  return checkReportRange(toWire(start), toWire(end), toWire(yesterday(now, kind)), earliest);
}

/** The message of a violated rule in `lang`. */
export function violationText(
  v: DateRuleViolation,
  lang: 'zh' | 'en',
  earliest = EARLIEST_REPORT_DATE,
): string {
  return dateRuleMessage(v, lang, earliest);
}

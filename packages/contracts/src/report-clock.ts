/**
 * The one "yesterday" rule of the reports (issue 25 item 2), used by the page (date picker, presets,
 * default range) and by the server (`preset=yesterday`, the date rules, `data_until`):
 *
 * - A kind's reporting days are those of one IANA zone: the user's report time zone for the hourly
 *   kinds (`hourlyReportKinds`: SDK, affiliate), else the network's `REPORT_TIMEZONE`; a user without
 *   a zone of their own is on the network's (issue 13 item 9).
 * - "Yesterday", the last day a report may show, is the day before today on that zone's calendar,
 *   whatever the browser's or the server's own zone.
 * - How complete that day is comes from the data, not the clock: `data_until` (`yyyy-MM-dd` or
 *   `yyyy-MM-dd HH:00`, on the same clock) names the latest facts; `completeThrough` gives the last
 *   day the facts cover entirely, which the page shows beside the range.
 */

import { dayNumber, fromDayNumber, yesterdayIn } from './report-dates.ts';
import { hourlyReportKinds, type ReportKind } from './reports-kinds.ts';

/** The zones a caller's clock is made of: their own (null: the network's) and the network's. */
export type ReportZones = { user?: string | null; network: string };

/** IANA zone of `kind`'s reporting days for a caller with `zones`. */
export function reportZoneOf(kind: ReportKind, zones: ReportZones): string {
  return hourlyReportKinds.has(kind) ? (zones.user ?? zones.network) : zones.network;
}

/**
 * yyyyMMdd of the last reportable day of `kind` at `now` for a caller with `zones`. Throws RangeError
 * for a zone the runtime does not know.
 */
export function reportYesterday(now: Date, kind: ReportKind, zones: ReportZones): string {
  return yesterdayIn(now, reportZoneOf(kind, zones));
}

/**
 * yyyyMMdd of the last day the facts cover entirely, given `yesterday` (yyyyMMdd) and `dataUntil`
 * (`yyyy-MM-dd`, a daily kind's complete day, or `yyyy-MM-dd HH:00`, an hourly kind's latest hour;
 * undefined: no facts). Never after `yesterday`; null when no day is complete.
 */
export function completeThrough(yesterday: string, dataUntil: string | undefined): string | null {
  if (!dataUntil) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):00)?$/.exec(dataUntil);
  if (!m) return null;
  const day = `${m[1]}${m[2]}${m[3]}`;
  const whole = m[4] === undefined || m[4] === '23' ? day : fromDayNumber(dayNumber(day) - 1);
  return whole < yesterday ? whole : yesterday;
}

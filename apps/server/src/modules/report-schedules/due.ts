/**
 * When a schedule is next due (issue 13 item 8): the first instant strictly after `after` at which
 * the wall clock of `timezone` (IANA) shows `hour`:00, on any day (daily) or on `weekday` (weekly,
 * 1 Monday … 7 Sunday, ISO 8601). Daylight saving, decided here:
 * - an hour that does not exist that day (clocks spring forward over it) is sent at the same
 *   distance after the change, e.g. 02:00 in New York on the March change day → 03:00 EDT;
 * - an hour that occurs twice (clocks fall back) is sent once, at its first occurrence.
 * Pure; time zone data from the runtime's Intl (lib/wall-clock.ts).
 */
import { instantOfWallTime, wallClock } from '../../lib/wall-clock.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export type DueRule = {
  frequency: 'daily' | 'weekly';
  weekday: number | null;
  hour: number;
  timezone: string;
};

/** The first due instant of `rule` strictly after `after`. */
export function nextDue(rule: DueRule, after: Date): Date {
  const localNow = wallClock(after.getTime(), rule.timezone);
  const firstDay = Math.floor(localNow / DAY_MS) - 1;
  for (let day = firstDay; day <= firstDay + 9; day++) {
    // 1970-01-01 was a Thursday (ISO weekday 4).
    const isoWeekday = ((((day + 3) % 7) + 7) % 7) + 1;
    if (rule.frequency === 'weekly' && isoWeekday !== rule.weekday) continue;
    const at = instantOfWallTime(day * DAY_MS + rule.hour * HOUR_MS, rule.timezone);
    if (at > after.getTime()) return new Date(at);
  }
  throw new Error(`no due time found for ${JSON.stringify(rule)}`);
}

/**
 * Reporting day in the caller's time zone (issue 13 item 9). Hourly facts are stored by the network's
 * wall clock (`dt`, `hour` in REPORT_TIMEZONE); a caller who picked another zone sees each hour of
 * facts under the day and hour its start has on the caller's clock.
 *
 * Hours are counted as "hour numbers": days since 1970-01-01 × 24 + hour, on a wall clock. The shift
 * from the network's hour number to the caller's is a whole number of hours, constant between clock
 * changes (DST), so a query carries it as a few segments: from network hour number `from` on, add
 * `delta` hours. A zone whose offset from the network is not whole hours (Asia/Kolkata against UTC)
 * puts each network hour in the caller's hour its start falls in (floor), the only exact choice for
 * facts kept by the hour.
 */
import { dayNumber } from '@portal/contracts/report-dates.ts';
import { offsetAt } from '../lib/wall-clock.ts';

/** The network's zone and the caller's (IANA names). */
export type ReportZone = { network: string; user: string };
/** From network hour number `from` on (until the next segment), facts move by `delta` hours. */
export type ShiftSegment = { from: number; delta: number };

const HOUR_MS = 3_600_000;
/** Days added on each side of a range: the network days whose hours may land in it (offsets ≤ 26 h). */
export const SHIFT_MARGIN_DAYS = 2;

/** Offset of `timeZone` from UTC at the instant `ms`, in minutes (east positive). */
export function offsetMinutes(timeZone: string, ms: number): number {
  return Math.round(offsetAt(ms, timeZone) / 60_000);
}

/** The instant (ms) the wall clock of `timeZone` shows hour number `h` (the earlier one when it repeats). */
function instantOf(timeZone: string, h: number): number {
  const wall = h * HOUR_MS;
  const first = wall - offsetMinutes(timeZone, wall) * 60_000;
  return wall - offsetMinutes(timeZone, first) * 60_000;
}

/** Hours to add to network hour number `h` to get the caller's hour number its start falls in. */
export function deltaAt(zone: ReportZone, h: number): number {
  const at = instantOf(zone.network, h);
  const userWall = at + offsetMinutes(zone.user, at) * 60_000;
  return Math.floor(userWall / HOUR_MS) - h;
}

const cache = new Map<string, ShiftSegment[] | null>();
const CACHE_LIMIT = 1_000;

/**
 * The segments that move network hours onto the caller's clock for a query of the caller's days
 * `start`..`end` (yyyyMMdd), covering the network days `SHIFT_MARGIN_DAYS` around them; null when
 * the two clocks agree over that span (same zone, or zones with the same offsets then).
 */
export function hourShift(zone: ReportZone, start: string, end: string): ShiftSegment[] | null {
  if (zone.network === zone.user) return null;
  const key = `${zone.network}|${zone.user}|${start}|${end}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const first = dayNumber(start) - SHIFT_MARGIN_DAYS;
  const last = dayNumber(end) + SHIFT_MARGIN_DAYS;
  const segments: ShiftSegment[] = [{ from: first * 24, delta: deltaAt(zone, first * 24) }];
  const push = (h: number, delta: number) => {
    if (segments[segments.length - 1]?.delta !== delta) segments.push({ from: h, delta });
  };
  let dayStart = segments[0]?.delta ?? 0;
  for (let day = first; day <= last; day++) {
    const next = deltaAt(zone, (day + 1) * 24);
    // Clocks change at most once a day: scan the hours of a day only when its two ends disagree.
    if (next !== dayStart) {
      for (let h = day * 24 + 1; h <= (day + 1) * 24; h++) push(h, deltaAt(zone, h));
    }
    dayStart = next;
  }
  const result = segments.length === 1 && segments[0]?.delta === 0 ? null : segments;
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, result);
  return result;
}

/** The caller's hour number of network hour number `h` under `segments` (null: unchanged). */
export function shiftHour(segments: ShiftSegment[] | null, h: number): number {
  if (!segments) return h;
  let delta = 0;
  for (const s of segments) if (h >= s.from) delta = s.delta;
  return h + delta;
}

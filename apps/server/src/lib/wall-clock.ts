/**
 * Wall clocks of IANA time zones from the runtime's Intl: what a zone's clock shows at an instant and
 * its offset from UTC then. Used by report schedules (when a send is due) and by the report time zone
 * (moving hourly facts onto the user's clock).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timezone: string): Intl.DateTimeFormat {
  let f = formatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timezone, f);
  }
  return f;
}

/** The wall clock of `timezone` at `ms`, read as if it were UTC (ms). */
export function wallClock(ms: number, timezone: string): number {
  const parts = Object.fromEntries(
    formatter(timezone)
      .formatToParts(new Date(ms))
      .filter((p) => p.type !== 'literal')
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  return Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
}

/** UTC offset of `timezone` at instant `ms`, ms (east positive). */
export function offsetAt(ms: number, timezone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  return wallClock(whole, timezone) - whole;
}

const DAY_MS = 86_400_000;

/**
 * The instant the wall clock of `timezone` shows `wall` (a wall time written as UTC ms): the first of
 * two when it occurs twice, and the time shifted by the gap when it does not occur.
 */
export function instantOfWallTime(wall: number, timezone: string): number {
  const before = offsetAt(wall - DAY_MS, timezone);
  const after = offsetAt(wall + DAY_MS, timezone);
  const valid = [...new Set([before, after])]
    .map((o) => wall - o)
    .filter((t) => offsetAt(t, timezone) === wall - t);
  if (valid.length > 0) return Math.min(...valid);
  return wall - before;
}

/**
 * Periods of recurring jobs (runner.ts `every`): each period is one job, keyed by the instant the
 * period started, so however many instances poll, a period is enqueued once. Pure.
 *
 * - `{ everyMs }`: periods aligned on the Unix epoch (every 60 000 ms: each UTC minute).
 * - `{ dailyAt: { hour, timezone } }`: each day at `hour`:00 on the wall clock of the IANA `timezone`;
 *   on a day the clocks skip that hour, the period starts at the same distance after the change
 *   (as report schedules do, modules/report-schedules/due.ts).
 *
 * A period that passed while no instance ran is not made up: only the current one is enqueued.
 */
import { instantOfWallTime, wallClock } from '../../lib/wall-clock.ts';

export type Period = { everyMs: number } | { dailyAt: { hour: number; timezone: string } };

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The start of the period of `period` that `now` falls in. */
export function periodStart(period: Period, now: Date): Date {
  const t = now.getTime();
  if ('everyMs' in period) {
    if (!(period.everyMs > 0)) throw new Error('everyMs must be positive');
    return new Date(Math.floor(t / period.everyMs) * period.everyMs);
  }
  const { hour, timezone } = period.dailyAt;
  const today = Math.floor(wallClock(t, timezone) / DAY_MS);
  // Today's start if it has come, else yesterday's.
  for (const day of [today, today - 1, today - 2]) {
    const at = instantOfWallTime(day * DAY_MS + hour * HOUR_MS, timezone);
    if (at <= t) return new Date(at);
  }
  throw new Error(`no period start found for ${JSON.stringify(period)}`);
}

/** The idempotency key of the period starting at `start`. */
export function periodKey(start: Date): string {
  return start.toISOString();
}

/**
 * Due times of report schedules (due.ts) across time zones and daylight-saving changes; expected
 * instants are written out in UTC from the zones' published rules.
 */
import { describe, expect, it } from 'vitest';
import { nextDue } from './due.ts';

const at = (iso: string) => new Date(iso);
const daily = (hour: number, timezone: string) => ({
  frequency: 'daily' as const,
  weekday: null,
  hour,
  timezone,
});

describe('nextDue', () => {
  it('is the next occurrence of the hour in the zone, strictly after the given instant', () => {
    expect(nextDue(daily(8, 'Asia/Shanghai'), at('2026-01-15T12:00:00Z')).toISOString()).toBe(
      '2026-01-16T00:00:00.000Z',
    );
    expect(nextDue(daily(8, 'Asia/Shanghai'), at('2026-01-15T23:59:00Z')).toISOString()).toBe(
      '2026-01-16T00:00:00.000Z',
    );
    // Exactly at the due instant: the next day's.
    expect(nextDue(daily(8, 'Asia/Shanghai'), at('2026-01-16T00:00:00Z')).toISOString()).toBe(
      '2026-01-17T00:00:00.000Z',
    );
    expect(nextDue(daily(23, 'UTC'), at('2026-01-15T12:00:00Z')).toISOString()).toBe(
      '2026-01-15T23:00:00.000Z',
    );
    // West of UTC, the local day is still the previous one.
    expect(nextDue(daily(20, 'America/Los_Angeles'), at('2026-01-15T03:00:00Z')).toISOString()).toBe(
      '2026-01-15T04:00:00.000Z',
    );
  });

  it('keeps the wall-clock hour across daylight-saving changes', () => {
    // New York, 8 March 2026: EST (−5) before, EDT (−4) after.
    const ny = daily(9, 'America/New_York');
    expect(nextDue(ny, at('2026-03-07T15:00:00Z')).toISOString()).toBe('2026-03-08T13:00:00.000Z');
    expect(nextDue(ny, at('2026-03-06T15:00:00Z')).toISOString()).toBe('2026-03-07T14:00:00.000Z');
    // Berlin, 25 October 2026: CEST (+2) before, CET (+1) after.
    const berlin = daily(6, 'Europe/Berlin');
    expect(nextDue(berlin, at('2026-10-24T05:00:00Z')).toISOString()).toBe('2026-10-25T05:00:00.000Z');
    expect(nextDue(berlin, at('2026-10-23T05:00:00Z')).toISOString()).toBe('2026-10-24T04:00:00.000Z');
  });

  it('sends a skipped hour after the change and a repeated hour once', () => {
    // 02:00 does not exist in New York on 8 March 2026: sent at 03:00 EDT (07:00Z).
    const gap = daily(2, 'America/New_York');
    expect(nextDue(gap, at('2026-03-07T08:00:00Z')).toISOString()).toBe('2026-03-08T07:00:00.000Z');
    // 01:00 occurs twice on 1 November 2026 (EDT 05:00Z, then EST 06:00Z): the first, then the next day.
    const twice = daily(1, 'America/New_York');
    const first = nextDue(twice, at('2026-10-31T06:00:00Z'));
    expect(first.toISOString()).toBe('2026-11-01T05:00:00.000Z');
    expect(nextDue(twice, first).toISOString()).toBe('2026-11-02T06:00:00.000Z');
  });

  it('weekly schedules fall on the ISO weekday of the zone, not of UTC', () => {
    // 15 January 2026 is a Thursday. Monday 07:00 in Tokyo is Sunday 22:00 UTC.
    const monday = { frequency: 'weekly' as const, weekday: 1, hour: 7, timezone: 'Asia/Tokyo' };
    expect(nextDue(monday, at('2026-01-15T12:00:00Z')).toISOString()).toBe('2026-01-18T22:00:00.000Z');
    const sunday = { frequency: 'weekly' as const, weekday: 7, hour: 0, timezone: 'UTC' };
    expect(nextDue(sunday, at('2026-01-15T12:00:00Z')).toISOString()).toBe('2026-01-18T00:00:00.000Z');
    // Same weekday, hour already passed: a week later.
    const thursday = { frequency: 'weekly' as const, weekday: 4, hour: 9, timezone: 'UTC' };
    expect(nextDue(thursday, at('2026-01-15T12:00:00Z')).toISOString()).toBe('2026-01-22T09:00:00.000Z');
  });
});

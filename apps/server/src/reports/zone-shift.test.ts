import { dayNumber } from '@portal/contracts/report-dates.ts';
import { describe, expect, it } from 'vitest';
import { deltaAt, hourShift, offsetMinutes, SHIFT_MARGIN_DAYS, shiftHour } from './zone-shift.ts';

const hourOf = (day: string, hour: number) => dayNumber(day) * 24 + hour;

describe('zone-shift', () => {
  it('reads offsets from Intl, east positive, half hours kept', () => {
    expect(offsetMinutes('Asia/Shanghai', Date.UTC(2026, 0, 1))).toBe(480);
    expect(offsetMinutes('Asia/Kolkata', Date.UTC(2026, 0, 1))).toBe(330);
    expect(offsetMinutes('America/New_York', Date.UTC(2026, 0, 1))).toBe(-300);
    expect(offsetMinutes('America/New_York', Date.UTC(2026, 6, 1))).toBe(-240);
  });

  it('has no shift for the same zone or a zone with the same offsets', () => {
    expect(hourShift({ network: 'UTC', user: 'UTC' }, '20260101', '20260131')).toBeNull();
    expect(hourShift({ network: 'UTC', user: 'Etc/GMT' }, '20260101', '20260131')).toBeNull();
  });

  it('moves a whole-hour offset by that many hours, both ways', () => {
    expect(hourShift({ network: 'Asia/Shanghai', user: 'UTC' }, '20260101', '20260107')).toEqual([
      { from: (dayNumber('20260101') - SHIFT_MARGIN_DAYS) * 24, delta: -8 },
    ]);
    expect(hourShift({ network: 'UTC', user: 'Asia/Tokyo' }, '20260101', '20260107')?.[0]?.delta).toBe(9);
  });

  it('puts an hour of a half-hour zone in the hour its start falls in', () => {
    // 10:00 UTC is 15:30 in Kolkata: hour 15.
    const zone = { network: 'UTC', user: 'Asia/Kolkata' };
    expect(deltaAt(zone, hourOf('20260110', 10))).toBe(5);
    // 10:00 in Kolkata is 04:30 UTC: hour 4.
    expect(deltaAt({ network: 'Asia/Kolkata', user: 'UTC' }, hourOf('20260110', 10))).toBe(-6);
  });

  it('starts a new segment at the hour the clocks change (New York, 8 March 2026, 07:00 UTC)', () => {
    const zone = { network: 'UTC', user: 'America/New_York' };
    const segments = hourShift(zone, '20260305', '20260310');
    expect(segments).toEqual([
      { from: (dayNumber('20260305') - SHIFT_MARGIN_DAYS) * 24, delta: -5 },
      { from: hourOf('20260308', 7), delta: -4 },
    ]);
    // 06:00 UTC is 01:00 EST; 07:00 UTC is 03:00 EDT (02:00 never shows).
    expect(shiftHour(segments, hourOf('20260308', 6))).toBe(hourOf('20260308', 1));
    expect(shiftHour(segments, hourOf('20260308', 7))).toBe(hourOf('20260308', 3));
    expect(shiftHour(null, 1234)).toBe(1234);
  });
});

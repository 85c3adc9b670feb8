import { describe, expect, it } from 'vitest';
import { checkReportRange, dateRuleMessage, dayIn, yesterdayIn } from './report-dates.ts';

describe('reporting day', () => {
  it('is the calendar day in the given time zone', () => {
    const now = new Date('2026-01-15T20:00:00Z');
    expect(dayIn(now, 'UTC')).toBe('20260115');
    expect(dayIn(now, 'Asia/Shanghai')).toBe('20260116');
    expect(yesterdayIn(now, 'UTC')).toBe('20260114');
    expect(yesterdayIn(now, 'Asia/Shanghai')).toBe('20260115');
    expect(yesterdayIn(new Date('2026-03-01T03:00:00Z'), 'America/Los_Angeles')).toBe('20260227');
  });

  it('answers each zone from its own (reused) formatter, and refuses an unknown zone every time', () => {
    const now = new Date('2026-01-15T20:00:00Z');
    for (let i = 0; i < 2; i++) {
      expect(dayIn(now, 'Asia/Shanghai')).toBe('20260116');
      expect(dayIn(now, 'America/New_York')).toBe('20260115');
      expect(() => dayIn(now, 'Mars/Olympus_Mons')).toThrow(RangeError);
    }
  });

  it('fills the earliest date into the too_early message', () => {
    expect(checkReportRange('20230724', '20230730', '20260101')).toBe('too_early');
    expect(dateRuleMessage('too_early', 'en')).toBe('The minimum query date is 2023-07-25');
    expect(dateRuleMessage('too_early', 'zh', '20240101')).toBe('最早查询日期为 2024-01-01');
  });
});

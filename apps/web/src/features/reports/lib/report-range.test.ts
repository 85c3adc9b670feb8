import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { defaultRange, isDisabledDay, rangeViolation, violationText, yesterday } from './report-range.ts';

const now = dayjs('2025-03-10T12:00:00Z');

describe('report date rules (spec §5)', () => {
  it('defaults to the last 7 days through yesterday', () => {
    const [start, end] = defaultRange(now);
    expect(end.format('YYYYMMDD')).toBe('20250309');
    expect(start.format('YYYYMMDD')).toBe('20250303');
    expect(yesterday(now).format('YYYYMMDD')).toBe('20250309');
  });

  it('disables days after yesterday and before 2023-07-25', () => {
    expect(isDisabledDay(dayjs('2025-03-10'), undefined, now)).toBe(true);
    expect(isDisabledDay(dayjs('2025-03-09'), undefined, now)).toBe(false);
    expect(isDisabledDay(dayjs('2023-07-24'), undefined, now)).toBe(true);
    expect(isDisabledDay(dayjs('2023-07-25'), undefined, now)).toBe(false);
  });

  it('refuses more than 90 days with the contracts text', () => {
    expect(rangeViolation([dayjs('2024-12-10'), dayjs('2025-03-09')], undefined, now)).toBeNull();
    const v = rangeViolation([dayjs('2024-12-09'), dayjs('2025-03-09')], undefined, now);
    expect(v).toBe('too_long');
    expect(violationText(v ?? 'format', 'en')).toBe('The date range cannot exceed 90 days');
    expect(violationText('too_early', 'zh')).toBe('最早查询日期为 2023-07-25');
  });
});

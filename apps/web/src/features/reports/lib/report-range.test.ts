import type { UserInfo } from '@portal/contracts/account.ts';
import { reportYesterday } from '@portal/contracts/report-clock.ts';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, setUserInfo } from '@/lib/session.ts';
import {
  defaultRange,
  isDisabledDay,
  rangeViolation,
  toWire,
  violationText,
  yesterday,
} from './report-range.ts';
import { presetToRange } from './report-view.ts';

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

describe('one "yesterday" rule with the server (issue 25 item 2)', () => {
  // 04:00 on 26 Nov in Shanghai is 20:00 on 25 Nov in UTC.
  const early = dayjs('2025-11-25T20:00:00Z');
  afterEach(() => clearSession());

  it('an hourly kind follows the user zone, as the server does: 25 Nov is yesterday in Shanghai', () => {
    setUserInfo({ timezone: 'Asia/Shanghai', network_timezone: 'UTC' } as UserInfo);
    const zones = { user: 'Asia/Shanghai', network: 'UTC' };
    expect(toWire(yesterday(early, 'sdk'))).toBe('20251125');
    expect(toWire(yesterday(early, 'sdk'))).toBe(reportYesterday(early.toDate(), 'sdk', zones));
    expect(isDisabledDay(dayjs('2025-11-25'), undefined, early, 'sdk')).toBe(false);
    expect(presetToRange('yesterday', '20230725', early, 'sdk')?.map(toWire)).toEqual([
      '20251125',
      '20251125',
    ]);
  });

  it('a daily kind follows the network zone', () => {
    setUserInfo({ timezone: 'Asia/Shanghai', network_timezone: 'UTC' } as UserInfo);
    expect(toWire(yesterday(early, 'rtb'))).toBe('20251124');
    expect(isDisabledDay(dayjs('2025-11-25'), undefined, early, 'rtb')).toBe(true);
  });
});

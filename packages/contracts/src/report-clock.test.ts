/** The one "yesterday" rule (issue 25 item 2). */
import { describe, expect, it } from 'vitest';
import { completeThrough, reportYesterday, reportZoneOf } from './report-clock.ts';

describe('report clock', () => {
  const at4InShanghai = new Date('2025-11-25T20:00:00Z');
  it('hourly kinds are on the user zone, daily kinds on the network zone', () => {
    const zones = { user: 'Asia/Shanghai', network: 'UTC' };
    expect(reportZoneOf('sdk', zones)).toBe('Asia/Shanghai');
    expect(reportZoneOf('rtb', zones)).toBe('UTC');
    expect(reportYesterday(at4InShanghai, 'sdk', zones)).toBe('20251125');
    expect(reportYesterday(at4InShanghai, 'rtb', zones)).toBe('20251124');
    expect(reportYesterday(at4InShanghai, 'sdk', { user: null, network: 'UTC' })).toBe('20251124');
  });
  it('the last complete day comes from data_until, never after yesterday', () => {
    expect(completeThrough('20251125', '2025-11-25 23:00')).toBe('20251125');
    expect(completeThrough('20251125', '2025-11-25 22:00')).toBe('20251124');
    expect(completeThrough('20251125', '2025-11-24')).toBe('20251124');
    expect(completeThrough('20251125', '2025-11-26')).toBe('20251125');
    expect(completeThrough('20251125', undefined)).toBeNull();
  });
});

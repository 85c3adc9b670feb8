import { describe, expect, it } from 'vitest';
import { checkReportRange } from './report-dates.ts';
import {
  compareDay,
  compareRange,
  presetRange,
  relativeChange,
  reportPresets,
  shiftYears,
} from './report-view.ts';

describe('presets', () => {
  it('resolve against yesterday', () => {
    expect(presetRange('yesterday', '20261122')).toEqual({ start: '20261122', end: '20261122' });
    expect(presetRange('last_7_days', '20261122')).toEqual({ start: '20261116', end: '20261122' });
    expect(presetRange('last_30_days', '20260310')).toEqual({ start: '20260209', end: '20260310' });
    expect(presetRange('this_month', '20261122')).toEqual({ start: '20261101', end: '20261122' });
    expect(presetRange('last_month', '20260315')).toEqual({ start: '20260201', end: '20260228' });
    expect(presetRange('last_month', '20260105')).toEqual({ start: '20251201', end: '20251231' });
  });

  it('are clipped by the earliest date and pass every date rule', () => {
    expect(presetRange('last_30_days', '20240110', '20240101')).toEqual({
      start: '20240101',
      end: '20240110',
    });
    expect(presetRange('last_month', '20240110', '20240101')).toBeNull();
    for (const y of ['20230725', '20240101', '20260301', '20261231']) {
      for (const p of reportPresets) {
        const r = presetRange(p, y);
        if (r) expect(checkReportRange(r.start, r.end, y)).toBeNull();
      }
    }
  });
});

describe('comparison periods', () => {
  it('previous is the same length just before; last_year the same days a year earlier', () => {
    expect(compareRange({ start: '20261116', end: '20261122' }, 'previous')).toEqual({
      start: '20261109',
      end: '20261115',
    });
    expect(compareRange({ start: '20240201', end: '20240229' }, 'last_year')).toEqual({
      start: '20230201',
      end: '20230228',
    });
    expect(shiftYears('20240229', -1)).toBe('20230228');
  });

  it('moves a row day into the compare period in its own format', () => {
    const range = { start: '20261116', end: '20261122' };
    expect(compareDay('20261120', range, 'previous')).toBe('20261113');
    expect(compareDay('2026-11-20', range, 'last_year')).toBe('2025-11-20');
  });

  it('relative change is null over zero', () => {
    expect(relativeChange(110, 100)).toBeCloseTo(0.1);
    expect(relativeChange(5, 0)).toBeNull();
    expect(relativeChange(50, 100)).toBeCloseTo(-0.5);
  });
});

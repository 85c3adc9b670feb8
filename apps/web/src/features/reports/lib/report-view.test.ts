import type { StatColumn } from '@portal/contracts/reports.ts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatDelta, presetToRange, withDeltaColumns, withDeltas } from './report-view.ts';

const wire = (r: ReturnType<typeof presetToRange>) => r?.map((d) => d.format('YYYYMMDD'));

describe('presets and comparison on the page (issue 13, contracts report-view.ts)', () => {
  // 2026-03-15 10:00 UTC: the reporting yesterday is 2026-03-14
  const now = dayjs('2026-03-15T10:00:00Z');

  it('resolves each preset against yesterday', () => {
    expect(wire(presetToRange('yesterday', '20230725', now))).toEqual(['20260314', '20260314']);
    expect(wire(presetToRange('last_7_days', '20230725', now))).toEqual(['20260308', '20260314']);
    expect(wire(presetToRange('last_30_days', '20230725', now))).toEqual(['20260213', '20260314']);
    expect(wire(presetToRange('this_month', '20230725', now))).toEqual(['20260301', '20260314']);
    expect(wire(presetToRange('last_month', '20230725', now))).toEqual(['20260201', '20260228']);
  });

  it('clips at the earliest date and says when nothing is left', () => {
    expect(wire(presetToRange('last_30_days', '20260301', now))).toEqual(['20260301', '20260314']);
    expect(presetToRange('last_month', '20260301', now)).toBeNull();
  });

  it('adds a Δ% column after each metric and fills it from compare_list by row', () => {
    const cols: StatColumn[] = [
      { field: 'dt', title: 'Date', type: 1, file_type: 'date', sortable: true },
      { field: 'revenue', title: 'Revenue', type: 2, file_type: 'money', sortable: true },
      { field: 'ctr', title: 'CTR', type: 2, file_type: 'percent', sortable: true },
    ];
    expect(withDeltaColumns(cols, 'Δ%').map((c) => c.field)).toEqual([
      'dt',
      'revenue',
      'revenue__delta',
      'ctr',
      'ctr__delta',
    ]);
    const data = withDeltas(
      {
        list: [
          { dt: '20260314', revenue: 15, ctr: 0.01 },
          { dt: '20260313', revenue: 5, ctr: 0.02 },
          { dt: '20260312', revenue: 5, ctr: 0.02 },
        ],
        count: 3,
        total: { revenue: 25, ctr: 0.015 },
        compare_total: { revenue: 20, ctr: 0 },
        compare_list: [{ revenue: 10, ctr: 0.02 }, null, { revenue: 0, ctr: 0.02 }],
      },
      ['revenue', 'ctr'],
    );
    expect(data.list.map((r) => r.revenue__delta)).toEqual([0.5, null, null]);
    expect(data.list.map((r) => r.ctr__delta)).toEqual([-0.5, null, 0]);
    expect(data.total.revenue__delta).toBe('+25.00%');
    expect(data.total.ctr__delta).toBe('-');
  });

  it('formats a change with its sign', () => {
    expect(formatDelta(0.1234)).toBe('+12.34%');
    expect(formatDelta(-0.05)).toBe('-5.00%');
    expect(formatDelta(0)).toBe('0.00%');
    expect(formatDelta(null)).toBe('-');
  });
});

import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { reportDefs } from './report-defs.ts';
import { viewFits, viewQueryOf, viewStateOf } from './view-state.ts';

describe('view state', () => {
  it('keeps the query but paging and empty values', () => {
    expect(
      viewQueryOf({ dt: '1,2', fields: 'dt', page_index: 2, page_size: 50, page_no: 1, app_key: '' }),
    ).toEqual({ dt: '1,2', fields: 'dt' });
  });

  it('turns a list query back into filters, columns and sort, a preset as of today, compare as given', () => {
    const s = viewStateOf(reportDefs.affiliate, {
      dt: '20240101,20240107',
      fields: 'dt,channel,revenue',
      order: 'revenue:asc',
      channel: 'a,b',
      offer_id: '12,13',
      geo: 'US,CN',
      preset: 'last_month',
      compare: 'last_year',
    });
    expect(s.fields).toEqual(['dt', 'channel', 'revenue']);
    expect(s.order).toBe('revenue:asc');
    // The preset wins over the dates it was saved with: last month as of today.
    const lastMonth = dayjs().subtract(1, 'day').subtract(1, 'month');
    expect(s.filters.range.map((d) => d.format('YYYYMMDD'))).toEqual([
      lastMonth.startOf('month').format('YYYYMMDD'),
      lastMonth.endOf('month').format('YYYYMMDD'),
    ]);
    // Without one, the saved dates hold.
    const fixed = viewStateOf(reportDefs.affiliate, { dt: '20240101,20240107', fields: 'dt' });
    expect(fixed.filters.range.map((d) => d.format('YYYYMMDD'))).toEqual(['20240101', '20240107']);
    expect(fixed.filters.preset).toBeUndefined();
    expect(s.filters).toMatchObject({
      channel: ['a', 'b'],
      offer_id: '12,13',
      geo: ['US', 'CN'],
      preset: 'last_month',
      compare: 'last_year',
    });
  });

  it('reads the game spelling and matches views to pages by fixed parameters', () => {
    const s = viewStateOf(reportDefs.game, {
      start_date: '2024-01-01',
      end_date: '2024-01-03',
      data_dimension: 'datepart,app',
      data_metrics: 'dau',
      sort: 'dau',
      order_by: '1',
    });
    expect(s.fields).toEqual(['datepart', 'app', 'dau']);
    expect(s.order).toBe('dau:asc');
    expect(s.filters.range.map((d) => d.format('YYYY-MM-DD'))).toEqual(['2024-01-01', '2024-01-03']);
    const v = { kind: 'affiliate', query: { db_source: 'affiliate_2024' } };
    expect(viewFits(reportDefs.newAffiliate, v)).toBe(true);
    expect(viewFits(reportDefs.affiliate, v)).toBe(false);
    expect(viewFits(reportDefs.sdk, v)).toBe(false);
  });
});

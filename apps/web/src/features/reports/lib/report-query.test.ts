import type { StatColumn } from '@portal/contracts/reports.ts';
import { reportCatalogues } from '@portal/contracts/reports-kinds.ts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { rejectQuery } from './reject-query.ts';
import { reportDefs } from './report-defs.ts';
import { exportQuery, type FilterValues, listQuery, normaliseList, trendQuery } from './report-query.ts';

const cols = (kind: keyof typeof reportCatalogues, fields: string[]): StatColumn[] =>
  fields.map((f) => {
    const c = reportCatalogues[kind].find((x) => x.field === f);
    if (!c) throw new Error(f);
    return { ...c, title: c.title.en };
  });

const range: FilterValues['range'] = [dayjs('2024-03-01'), dayjs('2024-03-07')];

describe('report queries (spec §7, contracts reports-*.ts)', () => {
  it('normalises comma-separated lists', () => {
    expect(normaliseList(' a, b,,c ，d ')).toBe('a,b,c,d');
    expect(normaliseList(' , ')).toBe('');
  });

  it('spells the affiliate list with db_source, lists and paging', () => {
    const values: FilterValues = {
      range,
      channel: ['ch1', 'ch2'],
      offer_id: '1, 2',
      pkg_name: '',
      geo: ['US'],
    };
    const q = listQuery(reportDefs.newAffiliate, values, cols('affiliate', ['dt', 'reject']), 'dt:desc', {
      index: 2,
      size: 10,
    });
    expect(q).toEqual({
      db_source: 'affiliate_2024',
      dt: '20240301,20240307',
      channel: 'ch1,ch2',
      offer_id: '1,2',
      pkg_name: undefined,
      geo: 'US',
      fields: 'dt,reject',
      titles: 'Date,Rejects',
      order: 'dt:desc',
      page_index: 2,
      page_size: 10,
      // the KPI cards' change against the previous period when no comparison is chosen (issue 13)
      compare: 'previous',
    });
    expect(listQuery(reportDefs.affiliate, values, [], undefined, { index: 1, size: 10 }).db_source).toBe(
      'affiliate_2023',
    );
  });

  it('spells the game report with dates, dimensions, metrics, sort and order_by', () => {
    const columns = cols('game', ['app', 'datepart', 'uv_click', 'uv_click_rate']);
    const q = listQuery(reportDefs.game, { range, pkg_name: ['com.a'] }, columns, 'uv_click:asc', {
      index: 1,
      size: 10,
    });
    expect(q).toMatchObject({
      start_date: '2024-03-01',
      end_date: '2024-03-07',
      pkg_name: 'com.a',
      data_dimension: 'app,datepart',
      data_metrics: 'uv_click,uv_click_rate',
      sort: 'uv_click',
      order_by: 1,
      page_no: 1,
      page_size: 10,
    });
    expect(q.titles).toBeUndefined();
    expect(q.fields).toBeUndefined();
    const e = exportQuery(reportDefs.game, { range }, columns, 'datepart:desc', 'csv');
    expect(e).toMatchObject({ titles: 'App,Date,Click UV,UV click rate', order_by: 2, format: 'csv' });
    expect(e.page_no).toBeUndefined();
  });

  it("sends the game export's columns in the page's order, a metric before a dimension (api-contract §10)", () => {
    const columns = cols('game', ['uv_click', 'app', 'uv_entry', 'datepart']);
    const e = exportQuery(reportDefs.game, { range }, columns, undefined, 'xlsx');
    expect(e).toMatchObject({
      fields: 'uv_click,app,uv_entry,datepart',
      titles: 'Click UV,App,Game centre entry UV,Date',
      data_dimension: 'app,datepart',
      data_metrics: 'uv_click,uv_entry',
    });
  });

  it('spells the app report with yyyy-MM-dd dates and page size 50', () => {
    const q = listQuery(reportDefs.app, { range, placement_type: 2 }, cols('gx', ['dt', 'imp']), 'dt:desc', {
      index: 1,
      size: reportDefs.app.pageSize,
    });
    expect(q).toMatchObject({
      start_date: '2024-03-01',
      end_date: '2024-03-07',
      placement_type: '2',
      order: 'dt:desc',
    });
    expect(q.page_size).toBe(50);
    expect(q.fields).toBeUndefined();
    expect(reportDefs.app.export).toBeUndefined();
    expect(reportDefs.app.storageKey).toBeUndefined();
  });

  it('exports the list query without paging; the trend adds the metric', () => {
    const values: FilterValues = { range, channel: 'Net A' };
    const columns = cols('rtb', ['dt', 'revenue']);
    expect(exportQuery(reportDefs.rtb, values, columns, 'revenue:desc', 'xlsx')).toEqual({
      dt: '20240301,20240307',
      channel: 'Net A',
      placement_id: undefined,
      placement_name: undefined,
      country: undefined,
      fields: 'dt,revenue',
      titles: 'Date,Revenue ($)',
      order: 'revenue:desc',
      format: 'xlsx',
    });
    expect(trendQuery(reportDefs.rtb, values, 'ecpm')).toMatchObject({
      dt: '20240301,20240307',
      metric: 'ecpm',
    });
    expect(trendQuery(reportDefs.rtb, values, 'ecpm').compare).toBeUndefined();
  });

  it('sends the chosen comparison with the list and the trend, never with the export', () => {
    const values: FilterValues = { range, preset: 'last_7_days', compare: 'last_year' };
    const columns = cols('sdk', ['dt', 'revenue']);
    const q = listQuery(reportDefs.sdk, values, columns, undefined, { index: 1, size: 10 });
    expect(q.compare).toBe('last_year');
    // the preset is resolved into dt by the page; the server is not asked to resolve it again
    expect(q.preset).toBeUndefined();
    expect(trendQuery(reportDefs.sdk, values, 'revenue,ecpm')).toMatchObject({
      metric: 'revenue,ecpm',
      compare: 'last_year',
    });
    expect(exportQuery(reportDefs.sdk, values, columns, undefined, 'csv').compare).toBeUndefined();
  });

  it('asks Reject Detail for the row values, else the list filters', () => {
    const values: FilterValues = { range, channel: ['ch1', 'ch2'], geo: ['US', 'DE'] };
    const row = { dt: '20240305', hour: 7, channel: 'ch1', offer_id: 'o9', reject: 3 };
    expect(rejectQuery(reportDefs.newAffiliate, values, row)).toEqual({
      db_source: 'affiliate_2024',
      dt: '20240305',
      hour: 7,
      channel: 'ch1',
      offer_id: 'o9',
      pkg_name: undefined,
      geo: 'US,DE',
    });
    expect(rejectQuery(reportDefs.affiliate, values, { geo: 'US', reject: 1 }).dt).toBe('20240301,20240307');
  });
});

import { endpoints } from '@portal/contracts/endpoints.ts';
import { type ReportListData, sdkCatalogue, sdkDefaultFields } from '@portal/contracts/reports.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { StorageKey } from '@/lib/storage-keys.ts';
import { type Call, mock, mockApi, renderApp, seedSession, sessionRoutes } from '@/test/render-app.tsx';

const columns = sdkCatalogue.map((c) => ({ ...c, title: c.title.zh }));

const listAnswer = {
  list: [
    {
      dt: '20240102',
      hour: 7,
      app_key: 'k1',
      app_name: 'Puzzle Blast',
      request: 1234567,
      response: 1000000,
      fill_rate: 0.81,
      impression: 900000,
      click: 12345,
      ctr: 0.0137,
      revenue: 12345.678,
      ecpm: 13.7174,
    },
  ],
  count: 25,
  total: {
    request: 2000000,
    response: 1500000,
    fill_rate: 0.123456,
    impression: 1400000,
    click: 20000,
    ctr: 0.0142857,
    revenue: 23456.789,
    ecpm: 16.7548,
  },
};

function routes(list: (call: Call) => ReportListData = () => listAnswer) {
  return [
    ...sessionRoutes(),
    mock(endpoints.reports.statColumns, columns, { params: { kind: 'sdk' } }),
    mock(endpoints.reports.channels, [
      { app_key: 'k1', app_name: 'Puzzle Blast', name: 'Puzzle Blast', value: 'k1' },
    ]),
    mock(endpoints.catalogue.countries, [{ country_code: 'US', country_name: '美国' }]),
    mock(endpoints.reports.sdkList, (call: Call) => list(call)),
  ];
}

/** yyyyMMdd of a UTC day offset from today (tests run with TZ=UTC). */
function utcDay(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
}

/** Wait for the first rows of a file's first test, ms (see the test). */
const FIRST_RENDER_MS = 30_000;

function cell(field: string): string {
  const td = document.querySelector(`tbody td[data-field="${field}"]`);
  return td?.textContent ?? '';
}

describe('SDK report page', () => {
  // The screen's modules load lazily; importing them once up front keeps that cold transform (seconds
  // on a loaded machine) out of the first test's wait for rows.
  beforeAll(async () => {
    await import('./sdk-report-page.tsx');
  }, 60_000);

  it('queries the default range and columns, and renders formatted rows and totals', async () => {
    seedSession();
    const api = mockApi(routes());
    renderApp('/report/sdk');

    // the first render of the app in a test file pays antd's style generation: seconds on a loaded machine
    const total = await screen.findByTestId('total-revenue', {}, { timeout: FIRST_RENDER_MS });
    expect(total.textContent).toBe('23,456.79');
    expect(screen.getByTestId('total-fill_rate').textContent).toBe('12.35%');
    expect(screen.getByTestId('total-request').textContent).toBe('2,000,000');
    expect(screen.getByTestId('total-ecpm').textContent).toBe('16.75');
    expect(screen.getByTestId('total-label').textContent).toBe('合计');

    expect(cell('dt')).toBe('2024-01-02');
    expect(cell('request')).toBe('1,234,567');
    expect(cell('fill_rate')).toBe('81.00%');
    expect(cell('ctr')).toBe('1.37%');
    expect(cell('revenue')).toBe('12,345.68');
    expect(cell('ecpm')).toBe('13.72');
    expect(cell('app_key')).toContain('Puzzle Blast');
    // The key is on hover and behind the copy button, not a second line (issue 25 item 5).
    expect(
      document.querySelector('td[data-field="app_key"] [data-testid=app-cell]')?.getAttribute('title'),
    ).toContain('k1');

    const q = api.callsTo(endpoints.reports.sdkList)[0]?.query;
    expect(q?.get('dt')).toBe(`${utcDay(-7)},${utcDay(-1)}`);
    expect(q?.get('order')).toBe('dt:desc');
    expect(q?.get('page_index')).toBe('1');
    expect(q?.get('page_size')).toBe('10');
    expect(q?.get('fields')).toBe(sdkDefaultFields.join(','));
    expect(q?.get('titles')?.split(',')[0]).toBe('日期');

    expect(screen.getByText('共 25 条')).toBeTruthy();
    expect(screen.getByTestId('report-note').textContent).toContain('报表数据仅供参考');
  }, 60_000);

  it('sorts on the server when a sortable header is clicked', async () => {
    const user = userEvent.setup();
    seedSession();
    const api = mockApi(routes());
    renderApp('/report/sdk');
    await screen.findByTestId('total-revenue');

    const header = screen.getByTestId('col-revenue');
    await user.click(header);
    await waitFor(() => expect(api.callsTo(endpoints.reports.sdkList)).toHaveLength(2));
    expect(api.callsTo(endpoints.reports.sdkList)[1]?.query.get('order')).toBe('revenue:asc');
    expect(api.callsTo(endpoints.reports.sdkList)[1]?.query.get('page_index')).toBe('1');

    await user.click(screen.getByTestId('col-revenue'));
    await waitFor(() => expect(api.callsTo(endpoints.reports.sdkList)).toHaveLength(3));
    expect(api.callsTo(endpoints.reports.sdkList)[2]?.query.get('order')).toBe('revenue:desc');
  });

  it('uses the saved column selection and sends filters on search', async () => {
    const user = userEvent.setup();
    localStorage.setItem(StorageKey.sdkReportColumns, JSON.stringify(['dt', 'hour', 'revenue', 'nonsense']));
    seedSession();
    const api = mockApi(routes());
    renderApp('/report/sdk');
    await screen.findByTestId('total-revenue');
    expect(api.callsTo(endpoints.reports.sdkList)[0]?.query.get('fields')).toBe('dt,hour,revenue');
    expect(cell('hour')).toBe('07');
    expect(screen.queryByTestId('col-request')).toBeNull();

    // The kind's filters wait behind "More filters", each with its own visible label (issue 25 items 6–7).
    const panel = screen.getByTestId('report-filter-panel');
    expect(panel.hidden).toBe(true);
    await user.click(screen.getByTestId('report-more-filters'));
    expect(panel.hidden).toBe(false);
    const labels = [...panel.querySelectorAll('.ant-form-item-label label')].map((l) => l.textContent);
    expect(labels).toEqual(['应用', '广告位 ID', '广告类型', '国家/地区']);
    expect(document.querySelector('.report-filter-row [data-testid=filter-app]')).toBeNull();

    await user.type(document.getElementById('filter-placement-id') as HTMLInputElement, ' 9001 ');
    await user.click(screen.getByTestId('report-search'));
    await waitFor(() => expect(api.callsTo(endpoints.reports.sdkList)).toHaveLength(2));
    expect(api.callsTo(endpoints.reports.sdkList)[1]?.query.get('placement_id')).toBe('9001');
    // A chip summarises the active filter; closing it clears the filter and searches again.
    const chip = screen.getByTestId('filter-chip-placement_id');
    expect(chip.textContent).toContain('广告位 ID: 9001');
    expect(screen.getByTestId('report-more-filters').textContent).toContain('1');
    await user.click(chip.querySelector('.ant-tag-close-icon') as HTMLElement);
    // back to the first query (answered from the cache)
    await waitFor(() => expect(screen.queryByTestId('filter-chip-placement_id')).toBeNull());
    expect((document.getElementById('filter-placement-id') as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('report-more-filters').textContent).not.toMatch(/\d/);
  });

  it('regroups the table by one dimension in one click, keeping the chosen metrics (issue 25 item 14)', async () => {
    const user = userEvent.setup();
    localStorage.setItem(StorageKey.sdkReportColumns, JSON.stringify(['dt', 'hour', 'revenue', 'ecpm']));
    seedSession();
    const api = mockApi(routes());
    renderApp('/report/sdk');
    await screen.findByTestId('total-revenue');
    const dimension = screen.getByTestId('dimension-switch');
    expect([...dimension.querySelectorAll('.ant-segmented-item-label')].map((l) => l.textContent)).toEqual([
      '日期',
      '应用',
      '国家/地区',
      '广告位',
    ]);
    await user.click(within(dimension).getByText('国家/地区'));
    await waitFor(() =>
      expect(api.callsTo(endpoints.reports.sdkList).at(-1)?.query.get('fields')).toBe('geo,revenue,ecpm'),
    );
    expect(JSON.parse(localStorage.getItem(StorageKey.sdkReportColumns) ?? '[]')).toEqual([
      'geo',
      'revenue',
      'ecpm',
    ]);
  });

  it('shows the empty state and no pagination when there are no rows', async () => {
    seedSession();
    mockApi(routes(() => ({ list: [], count: 0, total: {} })));
    renderApp('/report/sdk');
    const table = await screen.findByTestId('report-table');
    expect(await within(table).findByText('所选日期和筛选条件下暂无数据')).toBeTruthy();
    expect(table.querySelector('a[href="/home"]')?.textContent).toBe('查看接入清单');
    expect(document.querySelector('.ant-pagination')).toBeNull();
    expect(screen.queryByTestId('total-revenue')).toBeNull();
  });
});

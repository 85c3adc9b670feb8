import { endpoints } from '@portal/contracts/endpoints.ts';
import { sdkCatalogue } from '@portal/contracts/reports.ts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { StorageKey } from '@/lib/storage-keys.ts';
import { type Call, mock, mockApi, renderApp, seedSession, sessionRoutes } from '@/test/render-app.tsx';

const columns = sdkCatalogue.map((c) => ({ ...c, title: c.title.zh }));

const row = {
  dt: '20240102',
  app_key: 'k1',
  app_name: 'Puzzle Blast',
  ad_style: 2,
  geo: 'US',
  request: 1234567,
  revenue: 12345.678,
  ecpm: 13.7174,
};

function routes() {
  return [
    ...sessionRoutes(),
    mock(endpoints.reports.statColumns, columns, { params: { kind: 'sdk' } }),
    mock(endpoints.reports.channels, []),
    mock(endpoints.catalogue.countries, [{ country_code: 'US', country_name: '美国' }]),
    mock(endpoints.reports.sdkList, (_call: Call) => ({
      list: [row],
      count: 125,
      total: { request: 1234567, revenue: 12345.678, ecpm: 13.7174 },
      data_until: '2024-01-02 23:00',
    })),
  ];
}

const td = (field: string) => document.querySelector(`tbody td[data-field="${field}"]`);

describe('report tables (issue 13 items 5 and 9)', { timeout: 90_000 }, () => {
  beforeAll(async () => {
    await import('./sdk-report-page.tsx');
  }, 60_000);

  it('shows labels in the page language, the code on hover, pinned money columns and data freshness', async () => {
    localStorage.setItem(
      StorageKey.sdkReportColumns,
      JSON.stringify(['dt', 'app_key', 'ad_style', 'geo', 'request', 'revenue', 'ecpm']),
    );
    seedSession();
    mockApi(routes());
    renderApp('/report/sdk');
    await screen.findByTestId('total-revenue', {}, { timeout: 30_000 });

    expect(td('ad_style')?.textContent).toBe('插屏');
    const country = screen.getByTestId('country-cell');
    expect(country.textContent).toBe('美国');
    expect(country.getAttribute('title')).toBe('US');
    expect(td('app_key')?.textContent).toContain('Puzzle Blast');
    expect(screen.getByTestId('data-until').textContent).toContain('数据更新至 2024-01-02 23:00');

    // Revenue and eCPM end the order: pinned to the right edge; the others scroll.
    for (const f of ['revenue', 'ecpm'])
      expect(screen.getByTestId(`col-${f}`).className, f).toMatch(/ant-table-cell-fix-end/);
    expect(screen.getByTestId('col-request').className).not.toMatch(/ant-table-cell-fix/);
  });

  it('offers page sizes 10/20/50/100, 10 by default, and a new size starts at page 1', async () => {
    const user = userEvent.setup();
    seedSession();
    const api = mockApi(routes());
    renderApp('/report/sdk');
    await screen.findByTestId('total-revenue', {}, { timeout: 30_000 });
    const calls = () => api.callsTo(endpoints.reports.sdkList);
    expect(calls()[0]?.query.get('page_size')).toBe('10');

    // The last page: antd alone would keep the reader near row 121 (page 3 of 50), not at the start.
    await user.click(screen.getByTitle('13'));
    await waitFor(() => expect(calls().at(-1)?.query.get('page_index')).toBe('13'));

    const sizer = document.querySelector('.ant-pagination-options .ant-select') as HTMLElement;
    await user.click(sizer.querySelector('.ant-select-content, .ant-select-selector') ?? sizer);
    const options = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
      expect(found.length).toBe(4);
      return found;
    });
    expect(options).toEqual(['10 条/页', '20 条/页', '50 条/页', '100 条/页']);
    await user.click(screen.getByText('50 条/页', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(calls().at(-1)?.query.get('page_size')).toBe('50'));
    expect(calls().at(-1)?.query.get('page_index')).toBe('1');
  });
});

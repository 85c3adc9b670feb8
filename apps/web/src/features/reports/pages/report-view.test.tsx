import { endpoints } from '@portal/contracts/endpoints.ts';
/**
 * Issue 13 items 1–4 on the SDK page: KPI cards from the list's totals with their change, date
 * presets, the comparison's Δ% columns from compare_list, the trend's comparison and the country
 * ranking loaded after the rows.
 */
import { sdkCatalogue } from '@portal/contracts/reports.ts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Call, mock, mockApi, renderApp, seedSession, sessionRoutes } from '@/test/render-app.tsx';

const columns = sdkCatalogue.map((c) => ({ ...c, title: c.title.zh }));

const page = {
  list: [
    { dt: '20240102', app_key: 'k1', app_name: 'Puzzle', request: 200, revenue: 15, ctr: 0.02, ecpm: 3 },
    { dt: '20240101', app_key: 'k1', app_name: 'Puzzle', request: 100, revenue: 5, ctr: 0.01, ecpm: 2 },
  ],
  count: 2,
  total: { request: 300, impression: 3000, revenue: 20, ecpm: 2.5, fill_rate: 0.5, ctr: 0.015 },
};
const comparison = {
  compare_range: { start: '20231226', end: '20240101' },
  compare_total: { request: 400, impression: 2000, revenue: 16, ecpm: 2.5, fill_rate: 0.4, ctr: 0 },
  compare_list: [{ request: 100, revenue: 10, ctr: 0.04, ecpm: 3 }, null],
};

function routes() {
  return [
    ...sessionRoutes(),
    mock(endpoints.reports.statColumns, columns, { params: { kind: 'sdk' } }),
    mock(endpoints.reports.channels, []),
    mock(endpoints.catalogue.countries, [{ country_code: 'US', country_name: '美国' }]),
    mock(endpoints.reports.sdkList, (call: Call) => {
      if (call.query.get('fields') === 'geo,revenue')
        return { list: [{ geo: 'US', revenue: 20 }], count: 1, total: {} };
      return call.query.get('compare') ? { ...page, ...comparison } : page;
    }),
    mock(
      endpoints.reports.trend,
      (call: Call) => [
        {
          dt: '20240101',
          value: 5,
          values: { revenue: 5, ecpm: 2, fill_rate: 0.5 },
          ...(call.query.get('compare')
            ? { compare_dt: '20231225', compare_values: { revenue: 4, ecpm: 2, fill_rate: 0.4 } }
            : {}),
        },
      ],
      { params: { kind: 'sdk' } },
    ),
  ];
}

const pageCalls = (calls: Call[]) => calls.filter((c) => c.query.get('fields') !== 'geo,revenue');
const lastPage = (calls: Call[]) => pageCalls(calls).at(-1)?.query;

/** Opens the antd Select with `testId` and picks the option `label`. */
async function pick(testId: string, label: string) {
  const user = userEvent.setup();
  const select = screen.getByTestId(testId);
  await user.click(within(select).getByRole('combobox'));
  const option = await screen.findByTitle(label);
  await user.click(option);
}

const text = (testId: string) => screen.getByTestId(testId).textContent;

describe('report presets, comparison and KPI cards', { timeout: 90_000 }, () => {
  beforeAll(async () => {
    await import('./sdk-report-page.tsx');
  }, 60_000);
  afterEach(() => vi.unstubAllGlobals());

  it('KPI cards show the totals and their change against the previous period', async () => {
    seedSession();
    const api = mockApi(routes());
    renderApp('/report/sdk');
    const revenue = await screen.findByTestId('kpi-value-revenue', {}, { timeout: 30_000 });
    await waitFor(() => expect(revenue.textContent).toBe('20.00'));
    // no comparison chosen: the list still answers the previous period for the cards
    expect(lastPage(api.callsTo(endpoints.reports.sdkList))?.get('compare')).toBe('previous');
    expect(text('kpi-delta-revenue')).toBe('+25.00%');
    expect(text('kpi-value-impression')).toBe('3,000');
    expect(text('kpi-delta-impression')).toBe('+50.00%');
    expect(text('kpi-value-fill_rate')).toBe('50.00%');
    expect(text('kpi-delta-fill_rate')).toBe('+25.00%');
    expect(text('kpi-delta-ecpm')).toBe('0.00%');
    // no base: no change
    expect(text('kpi-delta-ctr')).toBe('-');
    expect(screen.getByTestId('kpi-revenue').textContent).toContain('上一周期：16.00');
    // and no Δ% columns in the table
    expect(screen.queryByTestId('col-revenue__delta')).toBeNull();
  });

  it('a preset sets the dates of the list and the trend', async () => {
    seedSession();
    const api = mockApi(routes());
    renderApp('/report/sdk');
    await screen.findByTestId('kpi-value-revenue', {}, { timeout: 30_000 });
    await waitFor(() =>
      expect(api.callsTo(endpoints.reports.trend, { params: { kind: 'sdk' } })).toHaveLength(1),
    );

    // tests run in UTC: yesterday is the UTC day before today
    const yesterday = dayjs().subtract(1, 'day');
    const lastMonthEnd = yesterday.startOf('month').subtract(1, 'day');
    const expected = `${lastMonthEnd.startOf('month').format('YYYYMMDD')},${lastMonthEnd.format('YYYYMMDD')}`;
    await pick('report-preset', '上月');
    await waitFor(() => expect(lastPage(api.callsTo(endpoints.reports.sdkList))?.get('dt')).toBe(expected));
    // the range picker loads in its own chunk (components/range-picker.tsx): wait for it, then its value
    await waitFor(() =>
      expect((document.getElementById('report-date-start') as HTMLInputElement | null)?.value).toBe(
        lastMonthEnd.startOf('month').format('YYYY-MM-DD'),
      ),
    );
    await waitFor(() =>
      expect(
        api
          .callsTo(endpoints.reports.trend, { params: { kind: 'sdk' } })
          .at(-1)
          ?.query.get('dt'),
      ).toBe(expected),
    );

    await pick('report-preset', '昨天');
    const day = yesterday.format('YYYYMMDD');
    await waitFor(() =>
      expect(lastPage(api.callsTo(endpoints.reports.sdkList))?.get('dt')).toBe(`${day},${day}`),
    );
  });

  it('comparison shows the change inside each metric cell, computed from compare_list, and a dashed trend', async () => {
    localStorage.setItem('sdkReportColumns', JSON.stringify(['dt', 'request', 'revenue']));
    seedSession();
    const api = mockApi(routes());
    renderApp('/report/sdk');
    await screen.findByTestId('kpi-value-revenue', {}, { timeout: 30_000 });

    await pick('report-compare', '去年同期');
    await waitFor(() =>
      expect(lastPage(api.callsTo(endpoints.reports.sdkList))?.get('compare')).toBe('last_year'),
    );
    await waitFor(() =>
      expect(document.querySelectorAll('tbody [data-testid=delta]').length).toBeGreaterThan(0),
    );
    // The change sits inside each metric's cell (issue 25 item 1): no column is added.
    const headers = [...document.querySelectorAll('thead th[data-testid]')].map((th) =>
      th.getAttribute('data-testid'),
    );
    expect(headers).toEqual(['col-dt', 'col-request', 'col-revenue']);
    const deltas = (field: string) =>
      [...document.querySelectorAll(`tbody td[data-field="${field}"] [data-testid=delta]`)].map(
        (el) => el.textContent,
      );
    // row 1: 200 vs 100 requests, 15 vs 10 revenue; row 2 has no facts in the compare period
    expect(deltas('request')).toEqual(['+100.00%', '-']);
    expect(deltas('revenue')).toEqual(['+50.00%', '-']);
    expect(text('total-request__delta')).toBe('-25.00%');
    expect(text('total-revenue__delta')).toBe('+25.00%');
    expect(screen.getByTestId('kpi-revenue').textContent).toContain('去年同期：16.00');

    await waitFor(() =>
      expect(
        api
          .callsTo(endpoints.reports.trend, { params: { kind: 'sdk' } })
          .at(-1)
          ?.query.get('compare'),
      ).toBe('last_year'),
    );
    const chart = await screen.findByTestId('trend-chart');
    // revenue, impressions and fill rate, each with its comparison line
    await waitFor(() => expect(chart.getAttribute('data-series')).toBe('6'));
    expect(
      api
        .callsTo(endpoints.reports.trend, { params: { kind: 'sdk' } })
        .at(-1)
        ?.query.get('metric'),
    ).toBe('revenue,impression,fill_rate');

    await pick('report-compare', '不对比');
    await waitFor(() => expect(document.querySelectorAll('tbody [data-testid=delta]')).toHaveLength(0));
  });

  it('ranks revenue by country once the rows are there and the panel is in view', async () => {
    const observed: Element[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly cb: IntersectionObserverCallback) {}
        observe(el: Element) {
          observed.push(el);
          queueMicrotask(() =>
            act(() =>
              this.cb([{ isIntersecting: true, target: el } as IntersectionObserverEntry], this as never),
            ),
          );
        }
        disconnect() {}
      },
    );
    seedSession();
    const api = mockApi(routes());
    renderApp('/report/sdk');
    const chart = await screen.findByTestId('country-chart', {}, { timeout: 30_000 });
    expect(chart.getAttribute('aria-label')).toContain('收入 ($)');
    const ranking = api
      .callsTo(endpoints.reports.sdkList)
      .filter((c) => c.query.get('fields') === 'geo,revenue');
    expect(ranking).toHaveLength(1);
    expect(ranking[0]?.query.get('order')).toBe('revenue:desc');
    expect(ranking[0]?.query.get('dt')).toBe(
      pageCalls(api.callsTo(endpoints.reports.sdkList))[0]?.query.get('dt'),
    );
    // asked for after the page
    expect(api.calls.indexOf(ranking[0] as Call)).toBeGreaterThan(
      api.calls.indexOf(pageCalls(api.callsTo(endpoints.reports.sdkList))[0] as Call),
    );
    expect(observed.length).toBeGreaterThan(0);
  });
});

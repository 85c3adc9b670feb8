import type { MenuItem } from '@portal/contracts/account.ts';
import { endpoints } from '@portal/contracts/endpoints.ts';
import { type CatalogueField, sdkCatalogue, statColumn } from '@portal/contracts/reports.ts';
import { affiliateCatalogue } from '@portal/contracts/reports-affiliate.ts';
import { gameCatalogue } from '@portal/contracts/reports-game.ts';
import { gxCatalogue } from '@portal/contracts/reports-gx.ts';
import { rtbCatalogue } from '@portal/contracts/reports-rtb.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  type Call,
  failure,
  mock,
  mockApi,
  type RouteMock,
  renderApp,
  seedSession,
  sessionRoutes,
} from '@/test/render-app.tsx';

const _columns = z.array(statColumn);
const zh = (cat: CatalogueField[]) => cat.map((c) => ({ ...c, title: c.title.zh }));

const menu: MenuItem[] = [
  {
    key: 'menu.reports',
    path: '/report',
    children: [
      { key: 'menu.sdkReport', path: '/report/sdk' },
      { key: 'menu.rtbReport', path: '/report/rtb' },
      { key: 'menu.affiliateReport', path: '/report/newreport' },
      { key: 'menu.newAffiliate', path: '/report/reportv2' },
      { key: 'menu.gameReport', path: '/report/game' },
    ],
  },
  { key: 'menu.appReport', path: '/appReport/list' },
];

const affiliateRow = {
  dt: '20240305',
  channel: 'ch1',
  offer_id: 'o9',
  pkg_name: 'com.demo',
  click: 1000,
  conversion: 50,
  reject: 7,
  cvr: 0.05,
  revenue: 1234.5,
};

function routes(extra: RouteMock[] = []) {
  return [
    ...sessionRoutes(menu),
    mock(endpoints.reports.statColumns, zh(sdkCatalogue), { params: { kind: 'sdk' } }),
    mock(endpoints.reports.statColumns, zh(rtbCatalogue), { params: { kind: 'rtb' } }),
    mock(endpoints.reports.statColumns, zh(affiliateCatalogue), { params: { kind: 'affiliate' } }),
    mock(endpoints.reports.statColumns, zh(gameCatalogue), { params: { kind: 'game' } }),
    mock(endpoints.reports.statColumns, zh(gxCatalogue), { params: { kind: 'gx' } }),
    mock(endpoints.reports.channels, [{ app_name: 'Net A', name: 'Net A', value: 'Net A' }]),
    mock(endpoints.catalogue.countries, [{ country_code: 'US', country_name: '美国' }]),
    mock(endpoints.reports.gameApps, [{ app_name: 'Puzzle', pkg_name: 'com.puzzle' }]),
    mock(endpoints.reports.rtbList, {
      list: [{ dt: '20240305', revenue: 12.5 }],
      count: 1,
      total: {},
    }),
    mock(endpoints.reports.affiliateList, {
      list: [affiliateRow],
      count: 1,
      total: { reject: 7 },
    }),
    mock(endpoints.reports.gameList, { list: [], count: 0, total: {} }),
    mock(endpoints.reports.gxList, { list: [], count: 0, total: {} }),
    mock(endpoints.reports.rejectList, {
      list: [{ reject_reason: 'Duplicate click', reject_num: 7 }],
      count: 1,
      total: { reject_num: 7 },
    }),
    mock(endpoints.reports.trend, [{ dt: '20240305', value: 12.5 }], { params: { kind: 'rtb' } }),
    mock(endpoints.reports.trend, [], { params: { kind: 'affiliate' } }),
    mock(endpoints.reports.trend, [], { params: { kind: 'game' } }),
    mock(endpoints.reports.trend, [], { params: { kind: 'gx' } }),
    ...extra,
  ];
}

async function applyColumns(change: (user: ReturnType<typeof userEvent.setup>) => Promise<void>) {
  const user = userEvent.setup();
  await user.click(await screen.findByTestId('report-columns'));
  await screen.findByTestId('column-apply');
  await change(user);
  await user.click(screen.getByTestId('column-apply'));
}

const last = (calls: Call[]) => calls[calls.length - 1]?.query;

/** The page card; the first render of a lazy report chunk can be slow on a busy machine. */
const findPage = (testId: string) => screen.findByTestId(testId, {}, { timeout: 30_000 });

describe('report pages', { timeout: 90_000 }, () => {
  it('RTB: saves the column choice under rtbReportColumns and queries those fields', async () => {
    seedSession();
    const api = mockApi(routes());
    renderApp('/report/rtb');
    await findPage('rtb-report');
    await waitFor(() => expect(api.callsTo(endpoints.reports.rtbList)).toHaveLength(1));
    expect(last(api.callsTo(endpoints.reports.rtbList))?.get('order')).toBe('dt:desc');

    await applyColumns(async (user) => {
      await user.click(screen.getByTestId('column-clear'));
      await user.click(screen.getByTestId('option-country'));
      await user.click(screen.getByTestId('option-win_rate'));
    });
    expect(JSON.parse(localStorage.getItem('rtbReportColumns') ?? 'null')).toEqual(['country', 'win_rate']);
    await waitFor(() =>
      expect(last(api.callsTo(endpoints.reports.rtbList))?.get('fields')).toBe('country,win_rate'),
    );
    expect(last(api.callsTo(endpoints.reports.rtbList))?.get('order')).toBeNull();
    expect(localStorage.getItem('sdkReportColumns')).toBeNull();
    // the trend follows the list: same range, the RTB headline metrics by default (money and rate)
    expect(last(api.callsTo(endpoints.reports.trend, { params: { kind: 'rtb' } }))?.get('metric')).toBe(
      'revenue,impression,win_rate',
    );
  });

  it('Affiliate: drops a sort on a column no longer shown, keeps affiliteReportColumns, opens Reject Detail', async () => {
    const user = userEvent.setup();
    seedSession();
    const api = mockApi(routes());
    renderApp('/report/newreport');
    await findPage('affiliate-report');
    await waitFor(() => expect(api.callsTo(endpoints.reports.affiliateList)).toHaveLength(1));
    expect(last(api.callsTo(endpoints.reports.affiliateList))?.get('db_source')).toBe('affiliate_2023');

    await user.click(screen.getByTestId('col-offer_id'));
    await waitFor(() =>
      expect(last(api.callsTo(endpoints.reports.affiliateList))?.get('order')).toBe('offer_id:asc'),
    );

    await applyColumns((user) => user.click(screen.getByTestId('remove-offer_id')));
    await waitFor(() =>
      expect(last(api.callsTo(endpoints.reports.affiliateList))?.get('fields')).not.toContain('offer_id'),
    );
    expect(last(api.callsTo(endpoints.reports.affiliateList))?.get('order')).toBe('dt:desc');
    expect(JSON.parse(localStorage.getItem('affiliteReportColumns') ?? '[]')).not.toContain('offer_id');

    await user.click(await screen.findByTestId('reject-cell'));
    const dialog = await screen.findByTestId('reject-dialog');
    expect(await within(dialog).findByText('Duplicate click')).toBeTruthy();
    const q = last(api.callsTo(endpoints.reports.rejectList));
    expect(q?.get('dt')).toBe('20240305');
    expect(q?.get('channel')).toBe('ch1');
    expect(q?.get('db_source')).toBe('affiliate_2023');
    expect(within(dialog).getByTestId('reject-total').textContent).toBe('7');
  });

  it('New Affiliate uses db_source affiliate_2024 and the same saved columns', async () => {
    localStorage.setItem('affiliteReportColumns', JSON.stringify(['hour', 'channel', 'reject']));
    seedSession();
    const api = mockApi(routes());
    renderApp('/report/reportv2');
    await findPage('new-affiliate-report');
    await waitFor(() => expect(api.callsTo(endpoints.reports.affiliateList)).toHaveLength(1));
    const q = last(api.callsTo(endpoints.reports.affiliateList));
    expect(q?.get('db_source')).toBe('affiliate_2024');
    expect(q?.get('fields')).toBe('hour,channel,reject');
    expect(q?.get('order')).toBe('hour:desc');
  });

  it('exports XLSX with the list filters and saves it under the Content-Disposition name', async () => {
    const user = userEvent.setup();
    seedSession();
    const api = mockApi(routes());
    const exports: Call[] = [];
    const inner = api.fetchMock;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== endpoints.reports.rtbExport.path) return inner(input, init);
      exports.push({
        method: 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: new Headers(),
        body: null,
      });
      return new Response('xlsx-bytes', {
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition':
            'attachment; filename="RTB.xlsx"; filename*=UTF-8\'\'RTB%E6%8A%A5%E8%A1%A8.xlsx',
        },
      });
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const names: string[] = [];
    const click = HTMLElement.prototype.click;
    vi.spyOn(HTMLElement.prototype, 'click').mockImplementation(function (this: HTMLElement) {
      if (this instanceof HTMLAnchorElement && this.download) names.push(this.download);
      else click.call(this);
    });

    renderApp('/report/rtb');
    await findPage('rtb-report');
    await waitFor(() => expect(api.callsTo(endpoints.reports.rtbList)).toHaveLength(1));
    const button = screen.getByTestId('report-export');
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await user.click(button);
    await waitFor(() => expect(exports).toHaveLength(1));
    await waitFor(() => expect(names).toEqual(['RTB报表.xlsx']));
    const q = exports[0]?.query;
    const list = api.callsTo(endpoints.reports.rtbList)[0]?.query;
    expect(q?.get('format')).toBe('xlsx');
    expect(q?.get('dt')).toBe(list?.get('dt'));
    expect(q?.get('fields')).toBe(list?.get('fields'));
    expect(q?.get('titles')?.split(',')[0]).toBe('日期');
    expect(q?.get('page_index')).toBeNull();
  });

  it('game report: gameReportColumns become data_dimension and data_metrics; 402 shows the permission text', async () => {
    localStorage.setItem('gameReportColumns', JSON.stringify(['nation', 'pv_click', 'pv_click_rate']));
    seedSession();
    const api = mockApi(routes([mock(endpoints.reports.gameList, failure(402, 'no'))]));
    renderApp('/report/game');
    await findPage('game-report');
    await waitFor(() => expect(api.callsTo(endpoints.reports.gameList)).toHaveLength(1));
    const q = last(api.callsTo(endpoints.reports.gameList));
    expect(q?.get('data_dimension')).toBe('nation');
    expect(q?.get('data_metrics')).toBe('pv_click,pv_click_rate');
    expect(q?.get('page_no')).toBe('1');
    expect((await screen.findByTestId('report-error')).textContent).toBe('您没有权限，请联系管理员申请');
  });

  it('names Affiliate and New Affiliate in Chinese in the sidebar and the titles', async () => {
    seedSession();
    mockApi(routes());
    renderApp('/report/reportv2');
    const page = await findPage('new-affiliate-report');
    expect(within(page).getAllByText('新联盟报表').length).toBeGreaterThan(0);
    expect(screen.getByTestId('nav-/report/newreport').textContent).toBe('联盟报表');
    expect(screen.getByTestId('nav-/report/reportv2').textContent).toBe('新联盟报表');
    expect(document.body.textContent).not.toMatch(/Affiliate/);
  });

  it('game report: each UV count over several days says it is a sum of daily UVs', async () => {
    localStorage.setItem(
      'gameReportColumns',
      JSON.stringify(['datepart', 'uv_entry', 'pv_entry', 'uv_click_rate']),
    );
    seedSession();
    mockApi(routes());
    renderApp('/report/game');
    await findPage('game-report');
    const [tip] = await screen.findAllByTestId('tip-uv_entry');
    expect(tip?.querySelector('[aria-label]')?.getAttribute('aria-label')).toContain(
      '已选 7 天：跨多天的 UV',
    );
    expect(screen.queryByTestId('tip-pv_entry')).toBeNull();
    expect(screen.queryByTestId('tip-uv_click_rate')).toBeNull();
  });

  it('app report: page size 50, yyyy-MM-dd dates, no export and no custom columns', async () => {
    seedSession();
    const api = mockApi(routes());
    renderApp('/appReport/list');
    await findPage('app-report');
    await waitFor(() => expect(api.callsTo(endpoints.reports.gxList)).toHaveLength(1));
    const q = last(api.callsTo(endpoints.reports.gxList));
    expect(q?.get('page_size')).toBe('50');
    expect(q?.get('start_date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(screen.queryByTestId('report-export')).toBeNull();
    expect(screen.queryByTestId('report-columns')).toBeNull();
    expect(screen.getByTestId('report-reset-width')).toBeTruthy();
    expect(await screen.findByTestId('report-empty')).toBeTruthy();
  });
});

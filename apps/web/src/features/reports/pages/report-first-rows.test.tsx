import { endpoints } from '@portal/contracts/endpoints.ts';
/**
 * Loading order of a report screen (issue 11 item 4): the list is asked for without waiting for the
 * column catalogue, the trend waits for the list, and the landing preload's first page is the one the
 * screen shows (no second request).
 */

import { sdkCatalogue, sdkDefaultFields } from '@portal/contracts/reports.ts';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { accessSettled, prefetchAccess } from '@/app/access-provider.tsx';
import { createQueryClient } from '@/app/providers.tsx';
import { preloadScreen } from '@/app/route-table.tsx';
import { getToken, refreshSession } from '@/lib/session.ts';
import { StorageKey } from '@/lib/storage-keys.ts';
import {
  demoUser,
  mock,
  mockApi,
  type RouteMock,
  renderApp,
  sdkMenu,
  seedSession,
  sessionRoutes,
} from '@/test/render-app.tsx';

const columns = sdkCatalogue.map((c) => ({ ...c, title: c.title.zh }));
const listAnswer = {
  list: [{ dt: '20240102', app_key: 'k1', app_name: 'Puzzle Blast', request: 10, revenue: 1.5 }],
  count: 1,
  total: { request: 10, revenue: 1.5 },
};

/** A reply held until `release()` is called. */
function held<T>(value: T) {
  let release: () => void = () => undefined;
  const promise = new Promise<T>((resolve) => {
    release = () => resolve(value);
  });
  return { promise, release: () => release() };
}

function routes(overrides: RouteMock[] = []) {
  return [
    ...sessionRoutes(),
    mock(endpoints.reports.statColumns, columns, { params: { kind: 'sdk' } }),
    mock(endpoints.reports.channels, []),
    mock(endpoints.catalogue.countries, []),
    mock(endpoints.reports.sdkList, listAnswer),
    mock(endpoints.reports.trend, [{ dt: '20240102', value: 1.5 }], { params: { kind: 'sdk' } }),
    mock(endpoints.reportViews.list, { list: [] }),
    ...overrides,
  ];
}

describe('report loading order', () => {
  // The screen's modules load lazily; importing them once up front keeps that cold transform (seconds
  // on a loaded machine) out of the first test's wait for rows.
  beforeAll(async () => {
    await import('./sdk-report-page.tsx');
  }, 60_000);

  it('shows the rows while the column catalogue is still on its way, then keeps them', async () => {
    seedSession();
    const catalogue = held(columns);
    const api = mockApi(
      routes([mock(endpoints.reports.statColumns, () => catalogue.promise, { params: { kind: 'sdk' } })]),
    );
    renderApp('/report/sdk');

    // the first render of the app in a test file pays antd's style generation: seconds on a loaded machine
    const total = await screen.findByTestId('total-revenue', {}, { timeout: 30_000 });
    expect(total.textContent).toBe('1.50');
    // The catalogue is asked for once the report has painted (useStatColumns), which may come after
    // the rows when nothing has to be compiled first; it still has not answered.
    await waitFor(() =>
      expect(api.callsTo(endpoints.reports.statColumns, { params: { kind: 'sdk' } })).toHaveLength(1),
    );
    expect(api.callsTo(endpoints.reports.sdkList)[0]?.query.get('fields')).toBe(sdkDefaultFields.join(','));

    catalogue.release();
    await waitFor(() =>
      expect(api.callsTo(endpoints.reports.trend, { params: { kind: 'sdk' } })).toHaveLength(1),
    );
    // the server's catalogue equals the contracts' one: same query, no second list request
    expect(api.callsTo(endpoints.reports.sdkList)).toHaveLength(1);
  }, 60_000);

  it('asks for the trend only once the list has answered', async () => {
    seedSession();
    const list = held(listAnswer);
    const api = mockApi(routes([mock(endpoints.reports.sdkList, () => list.promise)]));
    renderApp('/report/sdk');

    await waitFor(() => expect(api.callsTo(endpoints.reports.sdkList)).toHaveLength(1));
    await screen.findByTestId('trend-panel');
    expect(api.callsTo(endpoints.reports.trend, { params: { kind: 'sdk' } })).toHaveLength(0);

    list.release();
    await screen.findByTestId('total-revenue');
    await waitFor(() =>
      expect(api.callsTo(endpoints.reports.trend, { params: { kind: 'sdk' } })).toHaveLength(1),
    );
  });

  it('the landing preload asks for the first page, which the screen then shows without asking again', async () => {
    seedSession();
    const api = mockApi(routes());
    const client = createQueryClient();
    preloadScreen('/report/sdk', client, Promise.resolve());
    await waitFor(() => expect(api.callsTo(endpoints.reports.sdkList)).toHaveLength(1));
    expect(api.callsTo(endpoints.account.menu)).toHaveLength(0);

    renderApp('/report/sdk', client);
    expect((await screen.findByTestId('total-revenue')).textContent).toBe('1.50');
    expect(api.callsTo(endpoints.reports.sdkList)).toHaveLength(1);
  });

  it('a landing page renders once both the user info and the menu are known, each asked once', async () => {
    seedSession();
    const info = held([demoUser]);
    const menu = held(sdkMenu);
    const api = mockApi(
      routes([
        mock(endpoints.account.userInfo, () => info.promise),
        mock(endpoints.account.menu, () => menu.promise),
      ]),
    );
    const client = createQueryClient();
    const token = getToken() ?? '';
    void prefetchAccess(client, token);
    let settled = false;
    void accessSettled(client, token).then(() => {
      settled = true;
    });
    info.release();
    await waitFor(() => expect(client.getQueryState(['user_info', token])?.status).not.toBe('pending'));
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false); // the menu has not answered
    menu.release();
    await waitFor(() => expect(settled).toBe(true));
    expect(api.callsTo(endpoints.account.userInfo)).toHaveLength(1);
    expect(api.callsTo(endpoints.account.menu)).toHaveLength(1);
  });

  it('on a cold ?t= load the preload waits for the user info, so it asks the range the screen asks on the user clock', async () => {
    // 05:00 UTC: yesterday is the 25th in UTC but the 24th in Los Angeles, the user's report zone.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T05:00:00Z') });
    try {
      seedSession();
      localStorage.removeItem(StorageKey.userInfo);
      refreshSession();
      const user = { ...demoUser, timezone: 'America/Los_Angeles' };
      const info = held([user]);
      const api = mockApi(
        routes([...sessionRoutes(sdkMenu, user), mock(endpoints.account.userInfo, () => info.promise)]),
      );
      const client = createQueryClient();
      const known = prefetchAccess(client, getToken() ?? '');
      preloadScreen('/report/sdk', client, known);
      // The preload's chunk is in; it does not ask before the user info has answered.
      await new Promise((r) => setTimeout(r, 50));
      expect(api.callsTo(endpoints.reports.sdkList)).toHaveLength(0);
      info.release();
      await waitFor(() => expect(api.callsTo(endpoints.reports.sdkList)).toHaveLength(1));
      expect(api.callsTo(endpoints.reports.sdkList)[0]?.query.get('dt')).toBe('20261118,20261124');

      renderApp('/report/sdk', client);
      expect((await screen.findByTestId('total-revenue')).textContent).toBe('1.50');
      expect(api.callsTo(endpoints.reports.sdkList)).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

/** Test helpers: render the whole app at a path with a mocked fetch, and seed a session. */
import type { MenuItem, UserInfo } from '@portal/contracts/account.ts';
import { type Endpoint, endpoints } from '@portal/contracts/endpoints.ts';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { expect, vi } from 'vitest';
import { AppProviders, createQueryClient } from '@/app/providers.tsx';
import { AppRoutes } from '@/app/router.tsx';
import { setCookie } from '@/lib/cookie.ts';
import { refreshSession } from '@/lib/session.ts';
import { StorageKey } from '@/lib/storage-keys.ts';
import type { Reply } from './contract-reply.ts';
import { type Call, callsOf, type MockOptions, mock, type RouteMock } from './mock-endpoint.ts';

export { failure, httpError, mock, offTableRoute } from './mock-endpoint.ts';
export type { Call, Reply, RouteMock };

/**
 * Stubs fetch with `mocks` (mock-endpoint.ts: `mock(endpoints.<area>.<name>, data)`); records every
 * call. A later mock of the same route wins (a test's own after sessionRoutes()); a request no mock
 * matches answers 404.
 */
export function mockApi(mocks: RouteMock[]) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init?.headers),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const route = mocks.findLast((m) => m.matches(call.method, call.path));
    if (!route) return jsonResponse(404, { code: 404, msg: 'not found', data: null });
    const reply = await route.reply(call);
    if ('status' in reply) return jsonResponse(reply.status, reply.body);
    return jsonResponse(200, { msg: 'ok', data: null, ...reply });
  });
  vi.stubGlobal('fetch', fetchMock);
  /** The calls of an entry (narrowed by `{ params }`), or of an off-table path: callsOf. */
  const callsTo = (target: Pick<Endpoint, 'method' | 'path'> | string, options?: MockOptions) =>
    callsOf(calls, target, options);
  return { calls, fetchMock, callsTo };
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export const demoUser: UserInfo = {
  user_id: 1,
  email: 'demo@example.com',
  user_name: 'demo',
  name: 'Demo Admin',
  status: 1,
  company_id: 1,
  company_name: 'Demo Games',
  company_status: 1,
  account_id: 1,
  opt_permission: [{ role_info: { id: 67, name: 'admin' } }],
  data_permission: [],
  cooperation_types: [1, 4],
  timezone: null,
  network_timezone: 'UTC',
};

export const sdkMenu: MenuItem[] = [
  { key: 'menu.reports', path: '/report', children: [{ key: 'menu.sdkReport', path: '/report/sdk' }] },
  {
    key: 'menu.accountManagement',
    path: '/account',
    children: [
      { key: 'menu.accountInfo', path: '/account/index' },
      { key: 'menu.changePassword', path: '/account/modPassword' },
    ],
  },
];

/** Seeds a signed-in session: token cookie, userInfo, loginInfo and company_status. */
export function seedSession(token = 'test-token', user: UserInfo = demoUser) {
  setCookie('token', token, 3600_000);
  localStorage.setItem(StorageKey.userInfo, JSON.stringify(user));
  localStorage.setItem(StorageKey.loginInfo, JSON.stringify({ email: user.email }));
  localStorage.setItem(StorageKey.companyStatus, '1');
  refreshSession();
}

/** The session endpoints a signed-in page calls (the navbar's bell asks for the unread count). */
export function sessionRoutes(
  menu: MenuItem[] = sdkMenu,
  user: UserInfo = demoUser,
  unread = 0,
): RouteMock[] {
  return [
    mock(endpoints.account.userInfo, [user]),
    mock(endpoints.account.menu, menu),
    mock(endpoints.notifications.unreadCount, { unread }),
  ];
}

function LocationProbe() {
  const loc = useLocation();
  return <output data-testid="location">{`${loc.pathname}${loc.search}`}</output>;
}

/** Renders the whole app at `path`, with `client` when given (e.g. one a preload already filled). */
export function renderApp(path: string, client = createQueryClient()) {
  const utils = render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders client={client}>
        <AppRoutes />
        <LocationProbe />
      </AppProviders>
    </MemoryRouter>,
  );
  return { ...utils, client, location: () => utils.getByTestId('location').textContent ?? '' };
}

/**
 * Waits until the button with `testId` is enabled again after the spec's 1-second click lock; a
 * fixed sleep races the lock's re-render on a loaded machine.
 */
export async function untilEnabled(testId: string): Promise<void> {
  await waitFor(() => expect((screen.getByTestId(testId) as HTMLButtonElement).disabled).toBe(false), {
    timeout: 8000,
  });
}

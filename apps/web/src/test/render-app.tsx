/** Test helpers: render the whole app at a path with a mocked fetch, and seed a session. */
import { type MenuItem, menuItem, type UserInfo, userInfo } from '@portal/contracts/account.ts';
import { unreadCount } from '@portal/contracts/notifications.ts';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { expect, vi } from 'vitest';
import { z } from 'zod';
import { AppProviders, createQueryClient } from '@/app/providers.tsx';
import { AppRoutes } from '@/app/router.tsx';
import { setCookie } from '@/lib/cookie.ts';
import { refreshSession } from '@/lib/session.ts';
import { StorageKey } from '@/lib/storage-keys.ts';
import { contractReply, type Reply } from './contract-reply.ts';

export type Call = { method: string; path: string; query: URLSearchParams; headers: Headers; body: unknown };
export type { Reply };

type Handler = (call: Call) => Reply | Promise<Reply>;

/** Stubs fetch with handlers keyed by `METHOD /path`; records every call. Unknown routes answer 404. */
export function mockApi(routes: Record<string, Handler | Reply>) {
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
    const route = routes[`${call.method} ${call.path}`];
    const reply = typeof route === 'function' ? await route(call) : route;
    if (!reply) return jsonResponse(404, { code: 404, msg: 'not found', data: null });
    if ('status' in reply) return jsonResponse(reply.status, reply.body);
    return jsonResponse(200, { msg: 'ok', data: null, ...reply });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, callsTo: (path: string) => calls.filter((c) => c.path === path) };
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
export function sessionRoutes(menu: MenuItem[] = sdkMenu, user: UserInfo = demoUser, unread = 0) {
  return {
    'GET /api/v1/user/user_info': contractReply(z.array(userInfo), [user], 200),
    'GET /api/v1/user/menu': contractReply(z.array(menuItem), menu),
    'GET /v1/notifications/unread_count': contractReply(unreadCount, { unread }),
  } satisfies Record<string, Reply>;
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

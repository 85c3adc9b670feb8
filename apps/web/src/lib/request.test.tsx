import { endpoints } from '@portal/contracts/endpoints.ts';
import { screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  failure,
  mock,
  mockApi,
  offTableRoute,
  renderApp,
  seedSession,
  sessionRoutes,
} from '@/test/render-app.tsx';
import { getCookie } from './cookie.ts';
import { EARLY_GLOBAL, type EarlyRequests } from './early-requests.ts';
import { RequestError, request } from './request.ts';
import { StorageKey } from './storage-keys.ts';

/**
 * Renders a page so antd's message host is mounted, then waits for the shell. The toast tests use a
 * screen that asks for nothing (/404) and answer the shell's own requests (sessionRoutes): requests
 * sent after the first paint (the bell's count, the home page's countries) answered 404 would show a
 * toast of their own in place of the one a test looks for.
 */
async function mountShell(path = '/home') {
  const app = renderApp(path);
  await screen.findByTestId('app-layout');
  return app;
}

describe('request client (spec §8)', () => {
  it('sends the token and language headers and resolves with data on code 0', async () => {
    seedSession('tok-1');
    const api = mockApi([...sessionRoutes(), offTableRoute('GET', '/v1/thing', { code: 0, data: { a: 1 } })]);
    await i18next.changeLanguage('en');
    await expect(request('/v1/thing', { query: { x: 'y', empty: '' } })).resolves.toEqual({ a: 1 });
    const call = api.callsTo('/v1/thing')[0];
    expect(call?.headers.get('token')).toBe('tok-1');
    expect(call?.headers.get('Accept-Language')).toBe('en');
    expect(call?.query.toString()).toBe('x=y');
  });

  it("answers a GET from the landing page's early request once, with the same token and language", async () => {
    seedSession('tok-1');
    const api = mockApi([...sessionRoutes(), offTableRoute('GET', '/v1/thing', { code: 0, data: 'sent' })]);
    const early = new Response(JSON.stringify({ code: 0, data: 'early' }));
    const answers = { '/v1/thing': Promise.resolve(early) };
    (window as unknown as Record<string, EarlyRequests>)[EARLY_GLOBAL] = {
      token: 'tok-1',
      language: 'zh-CN',
      answers,
    };
    try {
      await expect(request('/v1/thing')).resolves.toBe('early');
      expect(api.callsTo('/v1/thing')).toHaveLength(0);
      // taken once: the next request goes out
      await expect(request('/v1/thing')).resolves.toBe('sent');
      // another session's early answer is not used
      answers['/v1/thing'] = Promise.resolve(new Response(JSON.stringify({ code: 0, data: 'early' })));
      await expect(request('/v1/thing', { token: 'tok-2' })).resolves.toBe('sent');
      expect(api.callsTo('/v1/thing')).toHaveLength(2);
    } finally {
      delete (window as unknown as Record<string, unknown>)[EARLY_GLOBAL];
    }
  });

  it('sends no token header without a session', async () => {
    const api = mockApi([offTableRoute('GET', '/v1/thing', { code: 0, data: 1 })]);
    await request('/v1/thing');
    expect(api.callsTo('/v1/thing')[0]?.headers.has('token')).toBe(false);
    expect(api.callsTo('/v1/thing')[0]?.headers.get('Accept-Language')).toBe('zh-CN');
  });

  it('20003 clears the session, keeps the remembered email and goes to /login?redirect=', {
    timeout: 60_000,
  }, async () => {
    seedSession();
    mockApi([
      ...sessionRoutes(),
      mock(endpoints.reports.statColumns, failure(20003, 'expired'), { params: { kind: 'sdk' } }),
      mock(endpoints.reports.channels, []),
      mock(endpoints.catalogue.countries, []),
      mock(endpoints.account.captcha, { captcha_id: 'c', b64s: 'data:,' }),
    ]);
    const app = renderApp('/report/sdk');
    // The report page is a large chunk: its first transform can take long on a loaded machine.
    await waitFor(() => expect(app.location()).toBe('/login?redirect=%2Freport%2Fsdk'), { timeout: 30_000 });
    expect(getCookie('token')).toBeNull();
    expect(localStorage.getItem(StorageKey.userInfo)).toBeNull();
    // api-contract §6: "remember password" keeps the email across a logout (issue 14 item 3).
    expect(JSON.parse(localStorage.getItem(StorageKey.loginInfo) ?? '{}')).toEqual({
      email: 'demo@example.com',
    });
    expect(localStorage.getItem(StorageKey.companyStatus)).toBeNull();
    expect(await screen.findByTestId('login-submit')).toBeTruthy();
  });

  it('20005 logs out too', async () => {
    seedSession();
    mockApi([...sessionRoutes(), offTableRoute('GET', '/v1/thing', { code: 20005, msg: 'invalid' })]);
    const app = await mountShell();
    await expect(request('/v1/thing')).rejects.toMatchObject({ code: 20005 });
    await waitFor(() => expect(app.location()).toBe('/login?redirect=%2Fhome'));
    expect(getCookie('token')).toBeNull();
  });

  it('a session revoked before the router is ready still shows the message and keeps the page', async () => {
    // user_info answers 20003 at once: the forced logout runs before the router has mounted.
    seedSession('revoked-token');
    mockApi([
      mock(endpoints.account.userInfo, failure(20003, 'expired')),
      mock(endpoints.account.menu, failure(20003, 'expired')),
      mock(endpoints.account.captcha, { captcha_id: 'c', b64s: 'data:,' }),
    ]);
    const app = renderApp('/account/index?tab=1');
    await waitFor(() => expect(app.location()).toBe('/login?redirect=%2Faccount%2Findex%3Ftab%3D1'));
    expect(await screen.findByText('登录已过期，请重新登录')).toBeTruthy();
    expect(getCookie('token')).toBeNull();
  });

  it('402 warns with the fixed no-permission text and rejects', async () => {
    mockApi([...sessionRoutes(), offTableRoute('GET', '/v1/thing', { code: 402, msg: 'server words' })]);
    await mountShell('/404');
    const err = await request('/v1/thing').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RequestError);
    expect((err as RequestError).code).toBe(402);
    expect(await screen.findByText('您没有权限，请联系管理员申请')).toBeTruthy();
    expect(screen.queryByText('server words')).toBeNull();
  });

  it('604 shows its fixed text in the current language, not the server msg', async () => {
    mockApi([
      ...sessionRoutes(),
      offTableRoute('GET', '/v1/thing', { code: 604, msg: 'dt: bad', data: { errors: [] } }),
    ]);
    await i18next.changeLanguage('en');
    await mountShell('/404');
    await expect(request('/v1/thing')).rejects.toMatchObject({ code: 604, kind: 'business' });
    expect(await screen.findByText('Parameter error')).toBeTruthy();
    expect(screen.queryByText('dt: bad')).toBeNull();
  });

  it('other codes show the server msg', async () => {
    mockApi([
      ...sessionRoutes(),
      offTableRoute('GET', '/v1/thing', { code: 10001, msg: '验证码错误或已过期' }),
    ]);
    await mountShell('/404');
    await expect(request('/v1/thing')).rejects.toMatchObject({ code: 10001 });
    expect(await screen.findByText('验证码错误或已过期')).toBeTruthy();
  });

  it('HTTP errors reject as http errors with a message', async () => {
    mockApi([
      ...sessionRoutes(),
      offTableRoute('GET', '/v1/thing', { status: 500, body: { code: 602, msg: '系统错误', data: null } }),
    ]);
    await mountShell('/404');
    await expect(request('/v1/thing')).rejects.toMatchObject({ kind: 'http', status: 500 });
    expect(await screen.findByText('系统错误')).toBeTruthy();
  });

  it('network failures reject as network errors', async () => {
    mockApi([
      ...sessionRoutes(),
      offTableRoute('GET', '/v1/thing', () => Promise.reject(new TypeError('Failed to fetch'))),
    ]);
    await mountShell('/404');
    await expect(request('/v1/thing')).rejects.toMatchObject({ kind: 'network' });
    expect(await screen.findByText('网络错误，请检查网络后重试')).toBeTruthy();
  });
});

import { endpoints } from '@portal/contracts/endpoints.ts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSession, getToken } from '@/lib/session.ts';
import { demoUser, mock, mockApi, renderApp, seedSession, sessionRoutes } from '@/test/render-app.tsx';

const captcha = { captcha_id: 'c1', b64s: 'data:image/svg+xml;base64,PHN2Zy8+' };

describe('routing (spec §2)', () => {
  it('sends a visitor without a token to /login with the redirect parameter', async () => {
    mockApi([mock(endpoints.account.captcha, captcha)]);
    const app = renderApp('/report/sdk?x=1');
    await waitFor(() => expect(app.location()).toBe('/login?redirect=%2Freport%2Fsdk%3Fx%3D1'));
    expect(await screen.findByTestId('login-submit')).toBeTruthy();
  });

  it('keeps public paths open and redirects / to /home', async () => {
    mockApi([]);
    const app = renderApp('/');
    await waitFor(() => expect(app.location()).toBe('/home'));
    expect(await screen.findByTestId('home-login')).toBeTruthy();
    expect(screen.getByTestId('nav-login')).toBeTruthy();
  });

  it('sends a signed-in user visiting /login to /home', async () => {
    seedSession();
    mockApi(sessionRoutes());
    const app = renderApp('/login');
    await waitFor(() => expect(app.location()).toBe('/home'));
    expect(await screen.findByText('Demo Admin，欢迎回来')).toBeTruthy();
  });

  it('shows the no-permission warning for a known screen outside the menu', async () => {
    seedSession();
    mockApi(sessionRoutes());
    renderApp('/report/rtb');
    expect(await screen.findByText('您没有权限，请联系管理员申请')).toBeTruthy();
  });

  it('sends an unknown path to /404 with the spec texts', async () => {
    seedSession();
    mockApi(sessionRoutes());
    const app = renderApp('/no/such/page');
    await waitFor(() => expect(app.location()).toBe('/404'));
    expect(await screen.findByText('站长说你不能进入这个页面...')).toBeTruthy();
    expect(screen.getByTestId('back-home').textContent).toContain('返回首页');
  });

  it('builds the sidebar from the menu', async () => {
    seedSession();
    mockApi(sessionRoutes());
    renderApp('/home');
    expect(await screen.findByTestId('nav-/report/sdk')).toBeTruthy();
    expect(screen.queryByTestId('nav-/report/rtb')).toBeNull();
  });

  it('takes the token of query parameter t and removes it from the URL', async () => {
    const { consumeQueryToken } = await import('@/lib/session.ts');
    window.history.replaceState(null, '', '/home?t=abc123&x=1');
    expect(consumeQueryToken()).toBe(true);
    expect(getToken()).toBe('abc123');
    expect(window.location.search).toBe('?x=1');
  });

  it("drops another session's cached user with the old token (issue 14 item 7)", async () => {
    const { consumeQueryToken } = await import('@/lib/session.ts');
    seedSession('old-token', { ...demoUser, email: 'previous@example.com' });
    window.history.replaceState(null, '', '/home?t=new-token');
    expect(consumeQueryToken()).toBe(true);
    expect(getSession()).toEqual({ token: 'new-token', userInfo: null, companyStatus: null });
    // The same token again keeps what it has.
    seedSession('same-token');
    window.history.replaceState(null, '', '/home?t=same-token');
    expect(consumeQueryToken()).toBe(true);
    expect(getSession().userInfo?.email).toBe('demo@example.com');
  });
});

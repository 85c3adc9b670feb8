/**
 * Issue 25 items 12–13: the tab title names the screen in the UI language, and while a signed-in
 * screen waits for its permissions the frame (header, sidebar place) is drawn with a content
 * skeleton, not a lone centred spinner.
 */
import { endpoints } from '@portal/contracts/endpoints.ts';
import { screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { mock, mockApi, renderApp, seedSession, sessionRoutes } from '@/test/render-app.tsx';
import { titleKeyOf } from './document-title.tsx';

describe('the app shell', () => {
  afterEach(async () => {
    await i18next.changeLanguage('zh');
  });

  it('names the screen in the tab title, in the UI language', async () => {
    seedSession();
    mockApi(sessionRoutes());
    renderApp('/account/index');
    await waitFor(() => expect(document.title).toBe('账户信息 · 发布商平台'));
    await i18next.changeLanguage('en');
    await waitFor(() => expect(document.title).toBe('Account info · Publisher Portal'));
  });

  it('names the SDK report and the login screen', async () => {
    await i18next.changeLanguage('en');
    expect(i18next.t(titleKeyOf('/report/sdk') ?? '')).toBe('SDK report');
    mockApi([]);
    renderApp('/login');
    await waitFor(() => expect(document.title).toBe('Sign in · Publisher Portal'));
  });

  it('paints the frame and a content skeleton while the permissions load', async () => {
    seedSession();
    const routes = sessionRoutes();
    mockApi([
      ...routes,
      // never answers within the test: the page stays in its loading state
      mock(endpoints.account.menu, () => new Promise(() => {})),
      mock(endpoints.account.userInfo, () => new Promise(() => {})),
    ]);
    renderApp('/report/sdk');
    expect(await screen.findByTestId('content-skeleton')).toBeTruthy();
    expect(screen.getByTestId('app-layout')).toBeTruthy();
    expect(document.querySelector('.page-spinner')).toBeNull();
  });
});

import { country } from '@portal/contracts/reports.ts';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { setLang } from '@/lib/i18n.ts';
import { contractReply } from '@/test/contract-reply.ts';
import { mockApi, renderApp, seedSession, sessionRoutes } from '@/test/render-app.tsx';

const countries = contractReply(z.array(country), [
  { country_code: 'AQ', country_name: 'Antarctica' },
  { country_code: 'BR', country_name: 'Brazil' },
  { country_code: 'CN', country_name: 'China' },
  { country_code: 'DE', country_name: 'Germany' },
  { country_code: 'JP', country_name: 'Japan' },
  { country_code: 'NG', country_name: 'Nigeria' },
]);

describe('/home', () => {
  it('shows visitors the marketing page: hero with a login link, solutions, audience by region', async () => {
    const api = mockApi({ 'GET /common/country': countries });
    renderApp('/home');
    expect((await screen.findByTestId('home-login')).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('让您的应用和游戏获得持续收益');
    expect(screen.getByRole('heading', { level: 2, name: '广告解决方案' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '游戏解决方案' })).toBeTruthy();
    // No stories are configured, so the section is not rendered at all.
    expect(screen.queryByTestId('home-stories')).toBeNull();

    // Audience: Antarctica left out, the rest grouped; Asia first with its countries.
    const audience = await screen.findByTestId('home-audience');
    expect(await within(audience).findByText(/广告主在 5 个国家和地区购买流量/)).toBeTruthy();
    const asia = within(audience).getByTestId('region-asia');
    expect(
      within(asia)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['CNChina', 'JPJapan']);
    expect(
      within(audience)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['亚洲 · 2', '欧洲 · 1', '美洲 · 1', '非洲 · 1']);
    expect(api.callsTo('/common/country')).toHaveLength(1);
    expect(screen.queryByTestId('home-shortcuts')).toBeNull();
  });

  it('follows the language', async () => {
    mockApi({ 'GET /common/country': countries });
    renderApp('/home');
    await screen.findByTestId('home-login');
    await act(() => setLang('en'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Turn your apps and games into lasting revenue',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Audience countries' })).toBeTruthy();
    await act(() => setLang('zh'));
  });

  it('gives signed-in users their shortcuts on top, then the marketing content, without the login link', async () => {
    seedSession();
    mockApi({ ...sessionRoutes(), 'GET /common/country': countries });
    renderApp('/home');
    const shortcuts = await screen.findByTestId('home-shortcuts');
    expect(within(shortcuts).getByRole('heading', { level: 1 }).textContent).toBe('Demo Admin，欢迎回来');
    expect(await within(shortcuts).findByTestId('home-link-/report/sdk')).toBeTruthy();
    expect(screen.getByTestId('home-ads')).toBeTruthy();
    expect(screen.queryByTestId('home-login')).toBeNull();
  });
});

import { endpoints } from '@portal/contracts/endpoints.ts';
import type { HomeData } from '@portal/contracts/home.ts';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLang } from '@/lib/i18n.ts';
import { mock, mockApi, renderApp, seedSession, sessionRoutes } from '@/test/render-app.tsx';

const countries = [
  { country_code: 'AQ', country_name: 'Antarctica' },
  { country_code: 'BR', country_name: 'Brazil' },
  { country_code: 'CN', country_name: 'China' },
  { country_code: 'DE', country_name: 'Germany' },
  { country_code: 'JP', country_name: 'Japan' },
  { country_code: 'NG', country_name: 'Nigeria' },
];

describe('/home', () => {
  it('shows visitors the marketing page: hero with a login link, solutions, audience by region', async () => {
    const api = mockApi([mock(endpoints.catalogue.countries, countries)]);
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
    expect(api.callsTo(endpoints.catalogue.countries)).toHaveLength(1);
    expect(screen.queryByTestId('home-shortcuts')).toBeNull();
  });

  it('follows the language', async () => {
    mockApi([mock(endpoints.catalogue.countries, countries)]);
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
    mockApi([
      ...sessionRoutes(),
      mock(endpoints.catalogue.countries, countries),
      mock(endpoints.home.overview, homeOf(false)),
    ]);
    renderApp('/home');
    const shortcuts = await screen.findByTestId('home-shortcuts');
    expect(within(shortcuts).getByRole('heading', { level: 1 }).textContent).toBe('Demo Admin，欢迎回来');
    expect(await within(shortcuts).findByTestId('home-link-/report/sdk')).toBeTruthy();
    expect(screen.getByTestId('home-ads')).toBeTruthy();
    expect(screen.queryByTestId('home-login')).toBeNull();
  });

  it('shows an active publisher the earnings cards, top apps and checklist from /v1/home', async () => {
    seedSession();
    mockApi([
      ...sessionRoutes(),
      mock(endpoints.catalogue.countries, countries),
      mock(endpoints.home.overview, homeOf(true)),
    ]);
    renderApp('/home');
    const dashboard = await screen.findByTestId('home-dashboard');
    expect(within(dashboard).getByTestId('home-earnings-yesterday').textContent).toBe('$1,234.50');
    expect(within(dashboard).getByTestId('home-card-yesterday').textContent).toContain('+25.0%');
    expect(within(dashboard).getByTestId('home-card-last_month').textContent).toContain('此前无收益');
    // Today is compared with yesterday up to the same hour.
    expect(within(dashboard).getByTestId('home-card-today').textContent).toContain(
      '较昨日同时段（截至 09:00）',
    );
    expect(within(screen.getByTestId('home-top-apps')).getByText('Puzzle Quest')).toBeTruthy();
    const open = screen.getByTestId('home-step-app_ads_found');
    expect(open.dataset.done).toBe('false');
    expect(within(open).getByRole('link').getAttribute('href')).toBe('/apps/list');
    expect(screen.getByTestId('home-step-first_app').dataset.done).toBe('true');
  });

  it('shows who sees Payments the balance, the carried part and the next payment date, linking to Payments', async () => {
    seedSession();
    const home = homeOf(true);
    // Before today's first facts there is nothing to compare today with.
    const [first] = home.cards;
    if (first?.kind === 'earnings') {
      first.change = null;
      first.previous = { ...first.previous, revenue: '0', until_hour: null };
    }
    home.cards.push({
      kind: 'balance',
      balance_micros: 1_234_567_890,
      carried_micros: 40_000_000,
      next_payment_date: '2026-01-30',
      hold_until: null,
    });
    mockApi([
      ...sessionRoutes(),
      mock(endpoints.catalogue.countries, countries),
      mock(endpoints.home.overview, home),
    ]);
    renderApp('/home');
    const balance = await screen.findByTestId('home-balance');
    expect(screen.getByTestId('home-card-today').textContent).toContain('今日暂无数据');
    expect(within(balance).getByTestId('home-balance-amount').textContent).toBe('US$ 1,234.57');
    expect(within(balance).getByTestId('home-balance-carried').textContent).toContain('US$ 40.00');
    expect(within(balance).getByTestId('home-balance-next-date').textContent).toBe('2026-01-30');
    expect(within(balance).getByRole('link').getAttribute('href')).toBe('/payments');
    await act(() => setLang('en'));
    expect(within(screen.getByTestId('home-balance')).getByText('Balance')).toBeTruthy();
    await act(() => setLang('zh'));
  });

  it('shows no balance to who does not see Payments (no balance card in the answer)', async () => {
    seedSession();
    mockApi([
      ...sessionRoutes(),
      mock(endpoints.catalogue.countries, countries),
      mock(endpoints.home.overview, homeOf(true)),
    ]);
    renderApp('/home');
    await screen.findByTestId('home-top-apps');
    expect(screen.queryByTestId('home-balance')).toBeNull();
  });

  it('a new organisation is told its next step instead of empty figures', async () => {
    seedSession();
    mockApi([
      ...sessionRoutes(),
      mock(endpoints.catalogue.countries, countries),
      mock(endpoints.home.overview, homeOf(false)),
    ]);
    renderApp('/home');
    const empty = await screen.findByTestId('home-empty');
    expect(empty.textContent).toContain('还没有收益');
    expect(screen.getByTestId('home-next-step').textContent).toBe('添加第一个应用');
    expect(screen.getByTestId('home-next-step').getAttribute('href')).toBe('/apps/list');
  });
});

function homeOf(earning: boolean): HomeData {
  const card = (
    period: Extract<HomeData['cards'][number], { kind: 'earnings' }>['period'],
    revenue: string,
    previous: string,
    change: number | null,
  ) => ({
    kind: 'earnings' as const,
    period,
    start: '20260101',
    end: '20260101',
    revenue,
    previous: { start: '20251231', end: '20251231', revenue: previous },
    change,
  });
  return {
    timezone: 'UTC',
    today: '20260115',
    earnings_visible: true,
    cards: earning
      ? [
          {
            ...card('today', '10', '8', 0.25),
            previous: { start: '20251231', end: '20251231', revenue: '8', until_hour: 8 },
          },
          card('yesterday', '1234.5', '987.6', 0.25),
          card('last_7_days', '7000', '6000', 0.1667),
          card('this_month', '15000', '14000', 0.0714),
          card('last_month', '30000', '0', null),
        ]
      : [card('today', '0', '0', null)],
    top_apps: earning ? [{ app_key: 'k1', app_name: 'Puzzle Quest', revenue: '9000' }] : [],
    checklist: [
      { step: 'organisation', done: true },
      { step: 'first_app', done: earning },
      { step: 'app_approved', done: earning },
      { step: 'first_ad_slot', done: earning },
      { step: 'sdk_integrated', done: earning },
      { step: 'first_impression', done: earning },
      { step: 'app_ads_found', done: false },
    ],
  };
}

/**
 * Issue 26 item 1 in Chromium against the compiled server: a cold load of every report screen,
 * signed in through the spec's `?t=` token landing (empty browser storage, so nothing about the user
 * is known before the user info answers), sends its list request exactly once: the SDK report's
 * prefetch (started beside the user info and menu) asks exactly what the page then asks, so TanStack
 * Query answers the page from it, and the other screens ask once. Run twice: with the network's clock,
 * and with a report zone twelve hours behind UTC (Etc/GMT+12: its yesterday is earlier than UTC's
 * during the first twelve hours of a UTC day, so the page's default range moves once the user info
 * is known; later in the day no zone can move it). The country ranking beside the trend asks the
 * same endpoint for another query (`fields=geo,<metric>` or `country,<metric>`, no titles): it is not
 * the list, and not counted. The user info and the menu are asked once each too: sent by the landing
 * page's early script before the app runs, and taken from there by the app.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { EARLY_GLOBAL } from '../apps/web/src/lib/early-requests.ts';
import { launchChromium } from './browser.ts';
import { sessionToken, signIn } from './journey.ts';

const baseUrl = inject('baseUrl');

/** The user info and the menu: what the landing page's early script sends before the app runs. */
const ACCESS = ['/api/v1/user/user_info', '/api/v1/user/menu'];

/** The demo users who see the screens: the demo organisation's admin, and another organisation's (RTB). */
const USERS = ['demo@example.com', 'other@example.com'] as const;
type User = (typeof USERS)[number];

/** Every report screen, the path of its list request, its root element, and a user who sees it. */
const SCREENS: { path: string; list: string; testId: string; user: User }[] = [
  { path: '/report/sdk', list: '/v1/report/list/sdk', testId: 'sdk-report', user: 'demo@example.com' },
  { path: '/report/rtb', list: '/v1/report/list/rtb', testId: 'rtb-report', user: 'other@example.com' },
  {
    path: '/report/newreport',
    list: '/v1/report/list/affiliate',
    testId: 'affiliate-report',
    user: 'demo@example.com',
  },
  {
    path: '/report/reportv2',
    list: '/v1/report/list/affiliate',
    testId: 'new-affiliate-report',
    user: 'demo@example.com',
  },
  { path: '/report/game', list: '/v1/report/list/game/sdk', testId: 'game-report', user: 'demo@example.com' },
  { path: '/appReport/list', list: '/gx/report/list', testId: 'app-report', user: 'demo@example.com' },
];

/**
 * A list request of `list`: its exact path (not Reject Detail's `/reject` below it), and not the
 * country ranking's query of the same endpoint.
 */
function isList(url: string, list: string): boolean {
  const u = new URL(url);
  const ranking =
    !u.searchParams.has('titles') && /^(geo|country),[^,]+$/.test(u.searchParams.get('fields') ?? '');
  return u.pathname === list && !ranking;
}

describe.each([null, 'Etc/GMT+12'])('one list request per report screen (report zone %s)', (zone) => {
  let browser: Browser;
  const tokens = new Map<User, string>();
  beforeAll(async () => {
    browser = await launchChromium();
  });
  // A test, not a hook: signing in polls with expect.
  it('signs in and sets the report zone', async () => {
    for (const user of USERS) {
      const page = await (await browser.newContext()).newPage();
      await signIn(page, baseUrl, user);
      const token = await sessionToken(page);
      tokens.set(user, token);
      const set = await page.request.put(`${baseUrl}/api/v1/user/timezone`, {
        headers: { token },
        data: { timezone: zone },
      });
      expect(((await set.json()) as { code: number }).code).toBe(0);
      await page.context().close();
    }
  });
  afterAll(async () => {
    for (const token of zone && browser ? tokens.values() : []) {
      const page = await (await browser.newContext()).newPage();
      await page.request.put(`${baseUrl}/api/v1/user/timezone`, {
        headers: { token },
        data: { timezone: null },
      });
      await page.context().close();
    }
    await browser?.close();
  });

  /** Opens `path` cold through `?t=` and returns the list requests sent until the page settled. */
  async function coldLoad(
    token: string,
    path: string,
    list: string,
    testId: string,
  ): Promise<{ page: Page; urls: string[]; access: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const urls: string[] = [];
    const access: string[] = [];
    page.on('request', (r) => {
      if (isList(r.url(), list)) urls.push(r.url());
      const p = new URL(r.url()).pathname;
      if (ACCESS.includes(p)) access.push(p);
    });
    await page.goto(`${baseUrl}${path}?t=${encodeURIComponent(token)}`);
    const root = page.locator(`[data-testid=${testId}]`);
    await root.waitFor();
    // The first rows (or the table's empty state) are shown: the list has answered.
    await root
      .locator('[data-testid=report-table] .ant-table-row, [data-testid=report-table] .ant-empty')
      .first()
      .waitFor();
    // Whatever the first answer sets off (columns, views, trend) has run.
    await page.waitForLoadState('networkidle');
    return { page, urls, access };
  }

  it.each(SCREENS)('$path asks its list once on a cold ?t= load', async ({ path, list, testId, user }) => {
    const { page, urls, access } = await coldLoad(tokens.get(user) ?? '', path, list, testId);
    try {
      expect(urls, urls.join('\n')).toHaveLength(1);
      // The user info and the menu are asked once each: the landing page's early script ran (its
      // global is there, apps/web/early-access.ts) and the app asked neither again, so it took both.
      expect(access.sort()).toEqual([...ACCESS].sort());
      const left = await page.evaluate(
        (name) =>
          Object.keys(
            (window as unknown as Record<string, { answers: object }>)[name]?.answers ?? { none: 1 },
          ),
        EARLY_GLOBAL,
      );
      expect(left).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});

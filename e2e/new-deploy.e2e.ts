/**
 * A page loaded from one build while the server already runs the next (several replicas during a
 * rolling deploy, or one restart with a new build) in Chromium against the compiled server: the
 * screen the user opens next asks for a chunk the server no longer has. The server answers 404 for
 * it (not index.html as JavaScript), the screen says the portal was updated inside the frame, which
 * stays, and its reload button loads the screen from the build in force.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { pageIn, signIn } from './journey.ts';

const baseUrl = inject('baseUrl');

describe('a screen whose code is gone after a new deploy', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the update notice inside the frame, and the reload opens the screen', async () => {
    const page = await pageIn(browser, 'zh');
    await signIn(page, baseUrl, 'demo@example.com');
    await page.locator('[data-testid=app-layout]').waitFor();
    await page.waitForLoadState('networkidle');

    // From now on every script the page asks for has a name of the previous build: the server's own
    // answer for a hashed file it does not have.
    const gone: { url: string; status: number }[] = [];
    await page.route('**/assets/*.js', (route) =>
      route.continue({ url: route.request().url().replace(/\.js$/, '-previous-build.js') }),
    );
    page.on('response', (res) => {
      if (res.url().endsWith('-previous-build.js')) gone.push({ url: res.url(), status: res.status() });
    });

    await page.locator('[data-testid="nav-/report/game"]').click();
    const notice = page.locator('[data-testid=screen-error]');
    await notice.waitFor();
    expect(await notice.getAttribute('data-kind')).toBe('chunk');
    expect(await notice.textContent()).toContain('平台已更新');
    // The frame is still there: header and sidebar, with the menu to go elsewhere.
    expect(await page.locator('[data-testid=app-layout] .app-header').isVisible()).toBe(true);
    expect(await page.locator('[data-testid="nav-/report/sdk"]').isVisible()).toBe(true);
    expect(gone.length).toBeGreaterThan(0);
    expect(gone.every((g) => g.status === 404)).toBe(true);

    // The deploy is over: the reload asks the server's current build.
    await page.unroute('**/assets/*.js');
    await page.locator('[data-testid=screen-error-reload]').click();
    await page.locator('[data-testid=game-report]').waitFor();
    expect(new URL(page.url()).pathname).toBe('/report/game');
    expect(await page.locator('[data-testid=screen-error]').count()).toBe(0);
    await page.context().close();
  });
});

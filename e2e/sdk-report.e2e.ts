/**
 * Issue 2's journey: sign in as demo@ (captcha, encrypted login) → accept cookies → SDK report →
 * change the range and sort → the page's revenue total equals the API's → switch to English.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { sessionToken, signIn } from './journey.ts';

const baseUrl = inject('baseUrl');

/** yyyy-MM-dd of the UTC day `daysAgo` before today. */
function utcDay(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

/** Revenue formatted as the spec's money format: 2 decimals with thousands separators. */
function money(v: number): string {
  return v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

describe('SDK report journey (demo@example.com)', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  });
  afterAll(async () => browser?.close());

  it('signs in through the captcha and the consent dialog', async () => {
    await signIn(page, baseUrl, 'demo@example.com');
    expect(new URL(page.url()).pathname).toBe('/home');
    expect(await sessionToken(page)).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('opens the SDK report with rows, a totals row and the reference-only note', async () => {
    await page.locator('[data-testid="nav-/report/sdk"]').click();
    await page.waitForURL(/\/report\/sdk/);
    await page.locator('tbody td[data-field=revenue]').first().waitFor();
    await expect.poll(() => page.locator('[data-testid=report-note]').isVisible()).toBe(true);
    expect(await page.locator('[data-testid=total-revenue]').textContent()).toMatch(/^[\d,]+\.\d{2}$/);
  });

  it('changes the range and the sort; the revenue total equals the API answer for the same query', async () => {
    const start = utcDay(30);
    const end = utcDay(2);
    await page.locator('#report-date-start').click();
    await page.locator('#report-date-start').fill(start);
    await page.keyboard.press('Enter');
    await page.locator('#report-date-end').fill(end);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#report-date-start').inputValue()).toBe(start);
    await expect.poll(() => page.locator('#report-date-end').inputValue()).toBe(end);
    // Wait for the list request of the new range (an earlier default-range request may still answer
    // late); the search must send it, or this wait times out.
    const dt = `${start.replaceAll('-', '')},${end.replaceAll('-', '')}`;
    const isList = (u: string, order?: string) => {
      const url = new URL(u);
      return (
        url.pathname === '/v1/report/list/sdk' &&
        url.searchParams.get('dt') === dt &&
        (order === undefined || url.searchParams.get('order') === order)
      );
    };
    const searched = page.waitForResponse((r) => isList(r.url()));
    await page.locator('[data-testid=report-search]').click();
    expect(new URL((await searched).url()).searchParams.get('dt')).toBe(dt);

    const sorted = page.waitForResponse((r) => isList(r.url(), 'revenue:asc'));
    await page.locator('[data-testid=col-revenue]').click();
    const sortedResponse = await sorted;
    const url = new URL(sortedResponse.url());
    expect(url.searchParams.get('order')).toBe('revenue:asc');

    // The same query straight to the API with the page's session.
    const token = await sessionToken(page);
    const api = await fetch(`${baseUrl}${url.pathname}${url.search}`, { headers: { token } });
    const body = (await api.json()) as {
      code: number;
      data: { list: { revenue: number }[]; total: { revenue: number } };
    };
    expect(body.code).toBe(0);
    await expect
      .poll(() => page.locator('[data-testid=total-revenue]').textContent())
      .toBe(money(body.data.total.revenue));

    // Rows come back ascending by revenue.
    const shown = (await page.locator('tbody td[data-field=revenue]').allTextContents()).map((s) =>
      Number(s.replaceAll(',', '')),
    );
    expect(shown.length).toBeGreaterThan(1);
    expect([...shown].sort((a, b) => a - b)).toEqual(shown);
    expect(shown[0]).toBeCloseTo(body.data.list[0]?.revenue ?? Number.NaN, 2);
  });

  it('switches to English and shows English labels', async () => {
    expect(await page.locator('[data-testid=col-revenue]').textContent()).toContain('收入');
    await page.locator('[data-testid=language-switch]').click();
    await page.locator('[data-testid=lang-en]').click();
    await expect.poll(() => page.locator('[data-testid=col-revenue]').textContent()).toContain('Revenue');
    expect(await page.locator('[data-testid="nav-/report/sdk"]').textContent()).toMatch(/SDK report/i);
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
    await page.screenshot({ path: `${process.env.E2E_SHOTS ?? '/tmp'}/sdk-report-en.png` });
  });
});

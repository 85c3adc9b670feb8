/**
 * Issue 25 in Chromium, measured on the real pages as demo@ in zh and en: the report's filter bar is
 * one row at 1280 and 1440 px with the kind's filters behind "More filters", each with a visible label
 * (items 6–7); a comparison keeps the table within the card and the legend's names whole (item 1);
 * an app row is one line (item 5); the country ranking and the app list cut no name at 1440 px
 * (item 10); the tab title names the screen (item 12); at 412 px the app list shows cards with status
 * and actions and the report table keeps its first column with a scroll cue (item 4).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { pageIn, pickOption, signIn } from './journey.ts';

const baseUrl = inject('baseUrl');
const shots = process.env.E2E_SHOTS ?? '/tmp';

const words = {
  en: { previous: 'Previous period', title: 'SDK report · Publisher Portal', more: 'More filters' },
  zh: { previous: '上一周期', title: 'SDK 报表 · 发布商平台', more: '更多筛选' },
} as const;

/** Elements of `selector` whose text is cut (wider than their box). */
function cutTexts(page: Page, selector: string): Promise<string[]> {
  return page
    .locator(selector)
    .evaluateAll((els) =>
      els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent ?? ''),
    );
}

describe.each(['zh', 'en'] as const)('the finish a publisher notices (%s)', (lang) => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchChromium();
    page = await pageIn(browser, lang);
  });
  afterAll(async () => browser?.close());

  it('signs in', async () => {
    await signIn(page, baseUrl, 'demo@example.com');
  });

  it('the filter bar is one row at 1280 and 1440 px, the rest behind More filters with visible labels', async () => {
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${baseUrl}/report/sdk`);
      await page.locator('tbody td[data-field=revenue]').first().waitFor();
      expect(await page.title()).toBe(words[lang].title);
      const tops = await page
        .locator('.report-filter-row > *')
        .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
      expect(tops.length).toBeGreaterThanOrEqual(5);
      expect(new Set(tops).size, `${width} px: ${tops.join(',')}`).toBe(1);
      expect(await page.locator('[data-testid=report-filter-panel]').isVisible()).toBe(false);
    }
    await page.locator('[data-testid=report-more-filters]').click();
    const labels = page.locator('[data-testid=report-filter-panel] .ant-form-item-label label');
    expect(await labels.count()).toBe(4);
    for (const box of await labels.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().width)))
      expect(box).toBeGreaterThan(20);
    await page.screenshot({ path: `${shots}/e2e-finish-filters-${lang}-1440.png` });
  });

  it('an app row is one line, and with a comparison the table keeps its width and the legend its names', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${baseUrl}/report/sdk`);
    const appCell = page.locator('tbody td[data-field=app_key]').first();
    await appCell.waitFor();
    const row = await page.locator('tbody tr.ant-table-row').first().boundingBox();
    expect(row?.height ?? 0).toBeLessThan(48);
    const card = await page.locator('[data-testid=report-table]').boundingBox();
    await pickOption(page, 'report-compare', words[lang].previous);
    await page.locator('tbody [data-testid=delta]').first().waitFor();
    const viewport = page.viewportSize()?.width ?? 1280;
    for (const field of ['revenue', 'ecpm']) {
      const header = await page.locator(`th[data-testid=col-${field}]`).boundingBox();
      expect(header, field).not.toBeNull();
      expect((header?.x ?? 0) + (header?.width ?? 0), field).toBeLessThanOrEqual(viewport);
    }
    const after = await page.locator('[data-testid=report-table]').boundingBox();
    expect(after?.width).toBeCloseTo(card?.width ?? 0, 0);
    await page.locator('[data-testid=trend-chart] .u-legend').waitFor();
    expect(await cutTexts(page, '[data-testid=trend-chart] .u-legend th')).toEqual([]);
    await page.screenshot({ path: `${shots}/e2e-finish-compare-${lang}-1280.png` });
  });

  it('cuts no country name in the ranking and no app name in the app list at 1440 px', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${baseUrl}/report/sdk`);
    await page.locator('[data-testid=country-chart] .country-bar-name').first().waitFor();
    expect(await cutTexts(page, '.country-bar-name')).toEqual([]);
    await page.goto(`${baseUrl}/apps/list`);
    await page.locator('[data-testid=apps-table] tbody tr.ant-table-row').first().waitFor();
    expect(await cutTexts(page, '[data-testid=apps-table] tbody td:nth-child(2)')).toEqual([]);
  });

  it('on a 412 px phone the app list shows cards with status and actions, the report a scroll cue', async () => {
    await page.setViewportSize({ width: 412, height: 900 });
    await page.goto(`${baseUrl}/apps/list`);
    const cards = page.locator('[data-testid=apps-table-cards] > li');
    await cards.first().waitFor();
    const first = cards.first();
    const box = await first.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(412);
    expect(await first.locator('dt').count()).toBeGreaterThanOrEqual(6);
    // the actions of the row are in view without any sideways scroll
    const actions = await first
      .locator('dd a, dd button')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().right));
    expect(actions.length).toBeGreaterThan(0);
    for (const right of actions) expect(right).toBeLessThanOrEqual(412);
    await page.screenshot({ path: `${shots}/e2e-finish-apps-${lang}-412.png`, fullPage: true });
    await page.goto(`${baseUrl}/report/sdk`);
    await page.locator('[data-testid=table-scroll-cue]').waitFor();
    const firstHeader = await page.locator('thead th').first().boundingBox();
    expect(firstHeader?.width ?? 0).toBeGreaterThan(60);
  });
});

describe('the app list of operations staff at 1440 px (issue 25 item 10)', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchChromium();
    page = await pageIn(browser, 'en', { width: 1440, height: 900 });
  });
  afterAll(async () => browser?.close());

  it('cuts no app name and no "Shown after review"', async () => {
    await signIn(page, baseUrl, 'ops@example.com');
    await page.goto(`${baseUrl}/apps/list`);
    await page.locator('[data-testid=apps-table] tbody tr.ant-table-row').first().waitFor();
    expect(await cutTexts(page, '[data-testid=apps-table] tbody td:nth-child(2)')).toEqual([]);
    expect(await cutTexts(page, '[data-testid^=app-key-]:not(a)')).toEqual([]);
    const scroller = await page
      .locator('[data-testid=apps-table] .ant-table-content, [data-testid=apps-table] .ant-table-body')
      .first()
      .evaluate((e) => e.scrollWidth - e.clientWidth);
    expect(scroller).toBeLessThanOrEqual(1);
  });
});

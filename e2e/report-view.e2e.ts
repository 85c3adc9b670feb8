/**
 * Issue 13 items 1–4 in Chromium, in both languages, on the SDK report (demo@): a date preset sets the
 * range it names (last 30 days through yesterday) and the list asks for it; the KPI cards show the
 * change against the previous period, equal to the API's totals of both periods; choosing "previous
 * period" adds a Δ% column beside the metrics and a second line per metric to the chart; the XLSX
 * export reads back with typed, formatted cells whose revenue adds up to the API's total (item 6).
 * Screenshots at 1280 and 1440 px.
 */
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { pageIn, pickOption, sessionToken, signIn } from './journey.ts';

const baseUrl = inject('baseUrl');
const shots = process.env.E2E_SHOTS ?? '/tmp';

const labels = {
  en: {
    last30: 'Last 30 days',
    previous: 'Previous period',
    date: 'Date',
    revenue: 'Revenue ($)',
    fill: 'Fill rate',
  },
  zh: { last30: '最近 30 天', previous: '上一周期', date: '日期', revenue: '收入 ($)', fill: '填充率' },
} as const;

/** yyyyMMdd of the UTC day `days` before today (the journeys' server reports in UTC). */
function utcDay(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
}

/** The percentage in a KPI change text ("+1.08%", "-0.12%"). */
const percentOf = (text: string | null) =>
  Number(/([+-−]?\d+(?:\.\d+)?)%/.exec(text ?? '')?.[1]?.replace('−', '-'));

describe.each(['zh', 'en'] as const)('report presets and comparison (%s)', (lang) => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchChromium();
    page = await pageIn(browser, lang);
  });
  afterAll(async () => browser?.close());

  it('a preset sets its range and the KPI cards show the change the API computes', async () => {
    await signIn(page, baseUrl, 'demo@example.com');
    await page.goto(`${baseUrl}/report/sdk`);
    await page.locator('tbody td[data-field=revenue]').first().waitFor();
    const dt = `${utcDay(30)},${utcDay(1)}`;
    const asked = page.waitForRequest(
      (r) => r.url().includes('/v1/report/list/sdk') && new URL(r.url()).searchParams.get('dt') === dt,
    );
    await pickOption(page, 'report-preset', labels[lang].last30);
    await asked;
    const start = utcDay(30);
    expect(await page.locator('#report-date-start').inputValue()).toBe(
      `${start.slice(0, 4)}-${start.slice(4, 6)}-${start.slice(6)}`,
    );

    const token = await sessionToken(page);
    const api = await page.request.get(`${baseUrl}/v1/report/list/sdk?dt=${dt}&compare=previous`, {
      headers: { token },
    });
    const body = (await api.json()) as {
      data: { total: Record<string, number>; compare_total: Record<string, number> };
    };
    const cur = Number(body.data.total.revenue);
    const prev = Number(body.data.compare_total.revenue);
    expect(prev).toBeGreaterThan(0);
    const change = ((cur - prev) / prev) * 100;
    await expect
      .poll(async () => percentOf(await page.locator('[data-testid=kpi-delta-revenue]').textContent()))
      .toBeCloseTo(change, 1);
  });

  it('"previous period" adds Δ% cells beside the metrics and a second line per metric', async () => {
    const chart = page.locator('[data-testid=trend-chart]');
    await chart.waitFor();
    const alone = Number(await chart.getAttribute('data-series'));
    expect(alone).toBeGreaterThan(0);
    // The list already carries the previous period for the KPI cards: no new request is needed.
    expect(await page.locator('tbody [data-testid=delta]').count()).toBe(0);
    await pickOption(page, 'report-compare', labels[lang].previous);
    await page.locator('tbody [data-testid=delta]').first().waitFor();
    expect(await page.locator('tbody [data-testid=delta]').count()).toBeGreaterThan(0);
    await expect.poll(async () => Number(await chart.getAttribute('data-series'))).toBe(alone * 2);
    // uPlot drew it: a canvas with a size, and a legend key per line (the day's first), the compare
    // lines' keys dashed
    const keys = chart.locator('.u-legend .u-series .u-marker');
    await expect.poll(() => keys.count()).toBe(alone * 2 + 1);
    const styles = await keys.evaluateAll((els) =>
      els.slice(1).map((e) => getComputedStyle(e).borderTopStyle),
    );
    expect(styles).toEqual(Array.from({ length: alone }, () => ['solid', 'dashed']).flat());
    const canvas = await chart.locator('canvas').boundingBox();
    expect(canvas?.width ?? 0).toBeGreaterThan(200);
    expect(canvas?.height ?? 0).toBeGreaterThan(100);
    await page.screenshot({ path: `${shots}/e2e-sdk-compare-${lang}-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: `${shots}/e2e-sdk-compare-${lang}-1440.png`, fullPage: true });
  });

  it('exports an XLSX with typed cells in the page language whose revenue adds up to the API total', async () => {
    const dt = `${utcDay(30)},${utcDay(1)}`;
    const token = await sessionToken(page);
    const api = await page.request.get(`${baseUrl}/v1/report/list/sdk?dt=${dt}`, { headers: { token } });
    const total = Number(((await api.json()) as { data: { total: { revenue: number } } }).data.total.revenue);
    const download = page.waitForEvent('download');
    await page.locator('[data-testid=report-export]').click();
    const file = path.join(os.tmpdir(), `e2e-sdk-${lang}-${Date.now()}.xlsx`);
    await (await download).saveAs(file);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const col = (title: string) => header.indexOf(title) + 1;
    expect(col(labels[lang].date)).toBeGreaterThan(0);
    expect(col(labels[lang].revenue)).toBeGreaterThan(0);
    expect(col(labels[lang].fill)).toBeGreaterThan(0);
    const second = sheet.getRow(2);
    expect(second.getCell(col(labels[lang].date)).value).toBeInstanceOf(Date);
    expect(second.getCell(col(labels[lang].date)).numFmt).toBe('yyyy-mm-dd');
    expect(second.getCell(col(labels[lang].revenue))).toMatchObject({
      type: ExcelJS.ValueType.Number,
      numFmt: '#,##0.00',
    });
    expect(second.getCell(col(labels[lang].fill)).numFmt).toBe('0.00%');
    let revenue = 0;
    sheet.eachRow((row, n) => {
      if (n > 1) revenue += Number(row.getCell(col(labels[lang].revenue)).value);
    });
    expect(revenue).toBeCloseTo(total, 2);
  });

  it('the KPI cards keep their height when the totals replace the placeholder (no layout shift)', async () => {
    for (const width of [412, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/v1/report/list/sdk**', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${baseUrl}/report/sdk`);
      await page.locator('.kpi-card .ant-skeleton').first().waitFor();
      const heights = () =>
        page.locator('.kpi-card').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
      const pending = await heights();
      release();
      await page.locator('[data-testid=kpi-value-revenue]').waitFor();
      expect(await heights()).toEqual(pending);
      await page.unroute('**/v1/report/list/sdk**');
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});

/**
 * Issue 5's journey (demo@example.com): on the Affiliate report choose columns, reorder them with the
 * mouse and with the keyboard, reload and find them kept; export XLSX and CSV and compare the file's
 * rows with the list's; open a Reject Detail dialog whose total equals the clicked cell.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { countryLabel } from '@portal/contracts/report-labels.ts';
import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { sessionToken, signIn } from './journey.ts';

const baseUrl = inject('baseUrl');

type Row = Record<string, string | number | null>;

/** The header fields of the report table, in display order. */
async function headerFields(page: Page): Promise<string[]> {
  const ids = await page
    .locator('thead th[data-testid^="col-"]')
    .evaluateAll((ths) => ths.map((th) => th.getAttribute('data-testid') ?? ''));
  return ids.map((id) => id.replace(/^col-/, ''));
}

/** The selected fields of the column dialog, in order. */
async function selectedFields(page: Page): Promise<string[]> {
  const ids = await page
    .locator('[data-testid=column-selection] [data-testid^="selected-"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid') ?? ''));
  return ids.map((id) => id.replace(/^selected-/, ''));
}

async function center(l: Locator): Promise<{ x: number; y: number }> {
  const box = await l.boundingBox();
  if (!box) throw new Error('not visible');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Compares an export cell with a list value: numbers to 4 decimals, everything else as text. */
function same(cell: unknown, value: unknown): boolean {
  if (typeof value === 'number') return Math.abs(Number(cell) - value) < 1e-4;
  return String(cell ?? '') === String(value ?? '');
}

describe('report suite journey (demo@example.com)', () => {
  let browser: Browser;
  let page: Page;
  let listUrl: URL;
  beforeAll(async () => {
    browser = await launchChromium();
    const context = await browser.newContext({
      viewport: { width: 1280, height: 720 },
      acceptDownloads: true,
    });
    page = await context.newPage();
  });
  afterAll(async () => browser?.close());

  it('signs in and opens the Affiliate report', async () => {
    await signIn(page, baseUrl, 'demo@example.com');
    await page.locator('[data-testid="nav-/report/newreport"]').click();
    await page.waitForURL(/\/report\/newreport/);
    await page.locator('tbody td[data-field=reject]').first().waitFor();
    expect(await headerFields(page)).toContain('offer_id');
  });

  it('chooses columns, reorders them by mouse and keyboard, and keeps them after a reload', async () => {
    await page.locator('[data-testid=report-columns]').click();
    await page.locator('[data-testid=column-clear]').click();
    // The dialog's state commits after the click returns: poll, as for every other read of it.
    await expect.poll(() => selectedFields(page)).toEqual([]);
    // Apply refuses a choice without a dimension.
    await page.locator('[data-testid=option-click]').check();
    await page.locator('[data-testid=column-apply]').click();
    await page.locator('[data-testid=column-error]').waitFor();
    for (const f of ['dt', 'channel', 'geo', 'reject', 'revenue']) {
      await page.locator(`[data-testid=option-${f}]`).check();
    }
    await expect
      .poll(() => selectedFields(page))
      .toEqual(['click', 'dt', 'channel', 'geo', 'reject', 'revenue']);

    // Mouse: drag geo's handle onto the first row.
    const from = await center(page.locator('[data-testid=drag-geo]'));
    const to = await center(page.locator('[data-testid=selected-click]'));
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x, from.y - 10, { steps: 4 });
    await page.mouse.move(to.x, to.y - 8, { steps: 12 });
    await page.mouse.up();
    await expect
      .poll(() => selectedFields(page))
      .toEqual(['geo', 'click', 'dt', 'channel', 'reject', 'revenue']);

    // Keyboard: pick up click, move it down twice, drop.
    await page.locator('[data-testid=drag-click]').focus();
    // dnd-kit animates each step; give every key the time a person would.
    for (const key of ['Space', 'ArrowDown', 'ArrowDown', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(250);
    }
    await expect
      .poll(() => selectedFields(page))
      .toEqual(['geo', 'dt', 'channel', 'click', 'reject', 'revenue']);

    const listed = page.waitForResponse((r) => r.url().includes('/v1/report/list/affiliate?'));
    await page.locator('[data-testid=column-apply]').click();
    listUrl = new URL((await listed).url());
    expect(listUrl.searchParams.get('fields')).toBe('geo,dt,channel,click,reject,revenue');
    expect(listUrl.searchParams.get('order')).toBe('dt:desc');
    await expect
      .poll(() => headerFields(page))
      .toEqual(['geo', 'dt', 'channel', 'click', 'reject', 'revenue']);

    await page.reload();
    await page.locator('tbody td[data-field=reject]').first().waitFor();
    expect(await headerFields(page)).toEqual(['geo', 'dt', 'channel', 'click', 'reject', 'revenue']);
    expect(
      JSON.parse((await page.evaluate(() => localStorage.getItem('affiliteReportColumns'))) ?? '[]'),
    ).toEqual(['geo', 'dt', 'channel', 'click', 'reject', 'revenue']);
  });

  it('exports XLSX whose rows equal the list, and CSV with the same rows', async () => {
    // Every row of the same query, straight from the list endpoint.
    const token = await sessionToken(page);
    const all = new URL(listUrl);
    all.searchParams.set('page_size', '1000');
    const body = (await (await fetch(all, { headers: { token } })).json()) as {
      code: number;
      data: { list: Row[]; count: number };
    };
    expect(body.code).toBe(0);
    expect(body.data.count).toBeGreaterThan(10);
    expect(body.data.count).toBeLessThanOrEqual(1000);

    const xlsx = page.waitForEvent('download');
    await page.locator('[data-testid=report-export]').click();
    const download = await xlsx;
    expect(download.suggestedFilename()).toMatch(/^联盟报表_\d{8}-\d{8}\.xlsx$/);
    const file = path.join(os.tmpdir(), `e2e-${Date.now()}-${download.suggestedFilename()}`);
    await download.saveAs(file);

    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const rows: unknown[][] = [];
    sheet.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    const [header, ...data] = rows;
    expect(header).toEqual(['国家/地区', '日期', '渠道', '点击数', '拒绝数', '收入 ($)']);
    expect(data).toHaveLength(body.data.count);
    // As the page shows them (issue 13 item 6): the country's Chinese name, a real date, numbers.
    const shown: Record<string, (v: unknown) => unknown> = {
      geo: (v) => countryLabel(v, 'zh'),
      dt: (v) => {
        const d = String(v);
        return new Date(Date.UTC(Number(d.slice(0, 4)), Number(d.slice(4, 6)) - 1, Number(d.slice(6, 8))));
      },
    };
    const fields = ['geo', 'dt', 'channel', 'click', 'reject', 'revenue'];
    const expectCell = (f: string, v: unknown) => (shown[f] ? shown[f](v) : v);
    const mismatches = body.data.list.filter(
      (row, i) =>
        !fields.every((f, j) => {
          const want = expectCell(f, row[f]);
          const got = data[i]?.[j];
          return want instanceof Date
            ? got instanceof Date && got.getTime() === want.getTime()
            : same(got, want);
        }),
    );
    expect(mismatches).toEqual([]);
    // Typed and formatted cells, a frozen title row.
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const second = sheet.getRow(2);
    expect(second.getCell(2).numFmt).toBe('yyyy-mm-dd');
    expect(second.getCell(4)).toMatchObject({ type: ExcelJS.ValueType.Number, numFmt: '#,##0' });
    expect(second.getCell(6)).toMatchObject({ type: ExcelJS.ValueType.Number, numFmt: '#,##0.00' });

    const csv = page.waitForEvent('download');
    await page.locator('[data-testid=report-export-csv]').click();
    const csvDownload = await csv;
    expect(csvDownload.suggestedFilename()).toMatch(/\.csv$/);
    const csvFile = path.join(os.tmpdir(), `e2e-${Date.now()}.csv`);
    await csvDownload.saveAs(csvFile);
    const lines = readFileSync(csvFile, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('拒绝数');
    expect(lines).toHaveLength(body.data.count + 1);
  });

  it('opens Reject Detail for a row; its reasons add up to the clicked count', async () => {
    const cell = page.locator('[data-testid=reject-cell]').first();
    const count = Number(((await cell.textContent()) ?? '').replaceAll(',', ''));
    const detail = page.waitForResponse((r) => r.url().includes('/v1/report/list/affiliate/reject'));
    await cell.click();
    const q = new URL((await detail).url()).searchParams;
    expect(q.get('db_source')).toBe('affiliate_2023');
    expect(q.get('dt')).toMatch(/^\d{8}$/);
    const dialog = page.locator('[data-testid=reject-dialog]');
    await dialog.locator('[data-testid=reject-total]').waitFor();
    expect(await dialog.locator('tbody td[data-field=reject_reason]').count()).toBeGreaterThan(0);
    expect(
      Number(((await dialog.locator('[data-testid=reject-total]').textContent()) ?? '').replaceAll(',', '')),
    ).toBe(count);
    await page.screenshot({ path: `${process.env.E2E_SHOTS ?? '/tmp'}/reject-detail.png` });
  });
});

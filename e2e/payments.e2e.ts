/**
 * Issue 23's journey: last month of Other Media (left open by the demo seed: estimated, not yet closed;
 * Media Americas requires an invoice) goes from open to paid. The publisher (reading English) sees it
 * open; operations (reading Chinese) close the month and confirm it on the month-close screen; the
 * publisher sees it confirmed with the balance and the next payment date, opens its PDF, uploads the
 * invoice; operations record the payout; the publisher finds it in the payout history and the
 * statement paid.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { pageIn, sessionToken, signIn } from './journey.ts';

const baseUrl = inject('baseUrl');
const POLL = { timeout: 20_000 };
const REFERENCE = `E2E-WIRE-${Date.now()}`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

/** The row of Other Media's statement on the month-close screen. */
const otherRow = (page: Page) =>
  page.locator('[data-testid=ops-statements] tbody tr').filter({ hasText: 'Other Media' });

describe('payments journey (ops@ in zh closes the loop, other@ in en is paid)', () => {
  let browser: Browser;
  let ops: Page;
  let other: Page;
  /** Last month as the statements table shows it (yyyy-MM). */
  let lastMonth = '';

  beforeAll(async () => {
    browser = await launchChromium();
    ops = await pageIn(browser, 'zh', { width: 1440, height: 900 });
    other = await pageIn(browser, 'en', { width: 1280, height: 900 });
  });
  afterAll(async () => browser?.close());

  it('the publisher sees last month still open, an estimate', async () => {
    await signIn(other, baseUrl, 'other@example.com');
    const token = await sessionToken(other);
    const list = await other.request.get(`${baseUrl}/v1/payments/statements`, { headers: { token } });
    const open = ((await list.json()).data.list as { month: number; status: string }[])
      .filter((s) => s.status === 'open')
      .map((s) => s.month)
      .sort((a, b) => a - b);
    // Last month and this month are open.
    expect(open).toHaveLength(2);
    lastMonth = `${Math.floor((open[0] ?? 0) / 100)}-${String((open[0] ?? 0) % 100).padStart(2, '0')}`;
    await other.goto(`${baseUrl}/payments`);
    const row = other.locator('[data-testid=statements-table] tbody tr').filter({ hasText: lastMonth });
    await expect.poll(() => row.first().textContent(), POLL).toContain('Open');
  });

  it('operations close last month and confirm Other Media', async () => {
    await signIn(ops, baseUrl, 'ops@example.com');
    await ops.goto(`${baseUrl}/ops/payments`);
    await expect.poll(() => otherRow(ops).count(), POLL).toBe(1);
    await expect.poll(() => otherRow(ops).textContent(), POLL).toContain('未结算');
    await ops.locator('[data-testid=ops-close]').click();
    await expect.poll(() => otherRow(ops).textContent(), POLL).toContain('已结算');
    await otherRow(ops).locator('input[type=checkbox]').check();
    await ops.locator('[data-testid=ops-confirm]').click();
    await expect.poll(() => otherRow(ops).textContent(), POLL).toContain('已确认');
  });

  it('the publisher sees it confirmed, opens the PDF and uploads the invoice', async () => {
    // The home shows the new balance and when it will be paid (issue 23 item 2).
    await other.goto(`${baseUrl}/home`);
    const balance = other.locator('[data-testid=home-balance]');
    await expect
      .poll(() => balance.locator('[data-testid=home-balance-amount]').textContent(), POLL)
      .toMatch(/[1-9]/);
    expect(await balance.locator('[data-testid=home-balance-next-date]').textContent()).toMatch(
      /\d{4}-\d{2}-\d{2}/,
    );
    await other.goto(`${baseUrl}/payments`);
    await expect
      .poll(() => other.locator('[data-testid=payments-balance-amount]').textContent(), POLL)
      .toMatch(/[1-9]/);
    await expect
      .poll(() => other.locator('[data-testid=payments-next-date]').textContent(), POLL)
      .toMatch(/\d{4}-\d{2}-\d{2}/);
    const row = other
      .locator('[data-testid=statements-table] tbody tr')
      .filter({ hasText: 'Confirmed' })
      .first();
    await row.getByRole('button', { name: 'Details' }).click();
    const drawer = other.locator('.ant-drawer-open');
    await expect
      .poll(() => drawer.locator('[data-testid=statement-status]').textContent(), POLL)
      .toBe('Confirmed');
    // The PDF opens in a new tab; its bytes are a PDF in English.
    const popup = other.context().waitForEvent('page');
    await drawer.locator('[data-testid=statement-pdf]').click();
    const tab = await popup;
    expect(tab.url()).toMatch(/^blob:/);
    await tab.close();
    const token = await sessionToken(other);
    const list = await other.request.get(`${baseUrl}/v1/payments/statements`, { headers: { token } });
    const confirmed = (await list.json()).data.list.find((s: { status: string }) => s.status === 'confirmed');
    const pdf = await other.request.get(`${baseUrl}/v1/payments/statements/${confirmed.id}/pdf?lang=en`, {
      headers: { token },
    });
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await drawer
      .locator('input[type=file]')
      .setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect
      .poll(() => drawer.locator('[data-testid=statement-status]').textContent(), POLL)
      .toBe('Invoiced');
  });

  it("operations record the payout on a phone, from the statement's card", async () => {
    await ops.setViewportSize({ width: 412, height: 900 });
    await ops.reload();
    const card = ops.locator('[data-testid=ops-statements-cards] > li').filter({ hasText: 'Other Media' });
    await expect.poll(() => card.textContent(), POLL).toContain('已开票');
    // Every column is a titled field; an invoiced statement cannot be picked for confirmation.
    expect(await card.locator('dt').allTextContents()).toEqual(
      expect.arrayContaining(['组织', '应付 (US$)', '操作']),
    );
    expect(await card.getByRole('checkbox').isDisabled()).toBe(true);
    await card.getByRole('button', { name: '登记付款' }).click();
    await ops.locator('[data-testid=payout-reference]').fill(REFERENCE);
    await ops.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect.poll(() => card.textContent(), POLL).toContain('已付款');
    await ops.setViewportSize({ width: 1440, height: 900 });
  });

  it('the publisher sees the payout and the statement paid', async () => {
    await other.goto(`${baseUrl}/payments?tab=payouts`);
    await expect
      .poll(() => other.locator('[data-testid=payouts-table]').textContent(), POLL)
      .toContain(REFERENCE);
    await other.goto(`${baseUrl}/payments`);
    await expect
      .poll(() => other.locator('[data-testid=statements-table] tbody').textContent(), POLL)
      .toContain('Paid');
  });

  it('on a phone the publisher reads the statement and the payout as cards, and opens the details', async () => {
    await other.setViewportSize({ width: 412, height: 900 });
    await other.goto(`${baseUrl}/payments`);
    const card = other
      .locator('[data-testid=statements-table-cards] > li')
      .filter({ hasText: lastMonth })
      .filter({ hasText: 'Paid' });
    await expect.poll(() => card.count(), POLL).toBe(1);
    // Every column is a titled field of the card: nothing hides behind a sideways scroll.
    expect(await card.locator('dt').allTextContents()).toEqual(
      expect.arrayContaining(['Status', 'Payable (US$)', 'Actions']),
    );
    expect(await card.locator('dd').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringMatching(/\d\.\d{2}$/)]),
    );
    await card.getByRole('button', { name: 'Details' }).click();
    await expect
      .poll(() => other.locator('.ant-drawer-open [data-testid=statement-status]').textContent(), POLL)
      .toBe('Paid');
    await other.keyboard.press('Escape');
    await other.goto(`${baseUrl}/payments?tab=payouts`);
    const payout = other.locator('[data-testid=payouts-table-cards] > li').filter({ hasText: REFERENCE });
    await expect.poll(() => payout.count(), POLL).toBe(1);
    expect(await payout.locator('dt').allTextContents()).toContain('Amount (US$)');
    await other.setViewportSize({ width: 1280, height: 900 });
  });

  it('the publisher files a tax form and finds it among the documents', async () => {
    await other.goto(`${baseUrl}/payments?tab=profile`);
    const documents = other.locator('[data-testid=payment-documents]');
    await documents
      .locator('input[type=file]')
      .setInputFiles({ name: 'w-8ben.pdf', mimeType: 'application/pdf', buffer: PDF });
    const entry = documents.getByRole('listitem').filter({ hasText: 'w-8ben.pdf' });
    await expect.poll(() => entry.count(), POLL).toBe(1);
    expect(await entry.getByRole('button', { name: 'PDF' }).count()).toBe(1);
  });
});

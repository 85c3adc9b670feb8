/**
 * Issue 13 items 7–8 in Chromium, in both languages: demo@ saves the SDK report sorted by revenue as a shared view,
 * reopens it after a reload, member@ of the same organisation sees it; demo@ schedules it by e-mail to
 * member@ as CSV, sends it now, and the mail in the outbox carries exactly the rows of member@'s own
 * export of that view over its preset's period as of the send (each recipient gets their own scope).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { pageIn, pickOption, pickShownOption, sessionToken, signIn } from './journey.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');

/** The attachment of a raw MIME mail (base64 part with Content-Disposition attachment). */
function attachmentOf(raw: string): string {
  const boundary = /boundary="?([^"\r\n;]+)"?/.exec(raw)?.[1] ?? '';
  for (const part of raw.split(`--${boundary}`)) {
    const split = part.search(/\r?\n\r?\n/);
    if (/Content-Disposition:\s*attachment/i.test(part.slice(0, split))) {
      return Buffer.from(
        part
          .slice(split)
          .replace(/--\s*$/, '')
          .replace(/\s+/g, ''),
        'base64',
      ).toString('utf8');
    }
  }
  return '';
}

/** The newest outbox mail to `to` with an attachment, written after `since` (ms). */
async function mailWithAttachment(to: string, since: number): Promise<string> {
  const dir = path.join(dataDir, 'outbox');
  for (let i = 0; i < 120; i++) {
    for (const name of (await readdir(dir).catch(() => [] as string[])).sort().reverse()) {
      const raw = await readFile(path.join(dir, name), 'utf8');
      if (
        new RegExp(`^To: ${to}`, 'm').test(raw) &&
        /attachment/i.test(raw) &&
        name > new Date(since).toISOString().replaceAll(':', '-')
      ) {
        return raw;
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no scheduled report mail to ${to}`);
}

describe.each(['zh', 'en'] as const)('saved views and scheduled reports (%s)', (lang) => {
  const VIEW = `Revenue first ${lang} ${Date.now()}`;
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchChromium();
    page = await pageIn(browser, lang);
  });
  afterAll(async () => browser?.close());

  it('saves the report sorted by revenue as a shared view and reopens it after a reload', async () => {
    await signIn(page, baseUrl, 'demo@example.com');
    await page.goto(`${baseUrl}/report/sdk`);
    await page.locator('tbody td[data-field=revenue]').first().waitFor();
    const sorted = page.waitForRequest((r) => new URL(r.url()).searchParams.get('order') === 'revenue:asc');
    await page.locator('[data-testid=col-revenue]').click();
    await sorted;
    await page.locator('[data-testid=saved-views-save]').click();
    await page.locator('[data-testid=saved-views-name]').fill(VIEW);
    await page.locator('[data-testid=saved-views-shared]').click();
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.locator('.ant-modal').waitFor({ state: 'hidden' });

    await page.reload();
    await page.locator('tbody td[data-field=revenue]').first().waitFor();
    const reopened = page.waitForRequest(
      (r) =>
        r.url().includes('/v1/report/list/sdk') &&
        new URL(r.url()).searchParams.get('order') === 'revenue:asc',
    );
    await pickOption(page, 'saved-views-select', VIEW);
    await reopened;
  });

  it('is seen by another member of the organisation', async () => {
    const other = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(other, baseUrl, 'member@example.com');
    await other.goto(`${baseUrl}/report/sdk`);
    await other.locator('[data-testid=saved-views-select]').click();
    await expect
      .poll(() => other.locator('.ant-select-item-option').filter({ hasText: VIEW }).count())
      .toBe(1);
    await other.close();
  });

  // Each recipient receives the view as they may see it (issue 22 item 7): the attachment equals the
  // member's own export of the view, not the owner's.
  it('mails the view to a member as CSV with the rows of the member’s own export', async () => {
    await page.goto(`${baseUrl}/report/schedules`);
    await page.locator('[data-testid=schedule-create]').click();
    await pickShownOption(page, 'schedule-view', VIEW);
    await pickShownOption(page, 'schedule-recipients', 'member@example.com');
    // The recipients' dropdown stays open after a pick: a click on the dialog's title closes it (Escape
    // would close the dialog itself when the dropdown had already closed).
    await page.locator('.ant-modal-title').click();
    await page.locator('.ant-modal label').filter({ hasText: 'CSV' }).click();
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await page
      .locator('.ant-modal')
      .waitFor({ state: 'hidden' })
      .catch(async () => {
        throw new Error(`the schedule dialog stayed open: ${await page.locator('.ant-modal').textContent()}`);
      });
    const row = page.locator('tr').filter({ hasText: VIEW });
    await row.waitFor();
    const since = Date.now() - 1000;
    await row.locator('[data-testid^=schedule-send-]').click();
    const raw = await mailWithAttachment('member@example.com', since);

    const member = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(member, baseUrl, 'member@example.com');
    const token = await sessionToken(member);
    await member.close();
    const headers = { token, 'accept-language': lang };
    const views = await (await fetch(`${baseUrl}/v1/report/views?kind=sdk`, { headers })).json();
    const view = views.data.list.find((v: { name: string }) => v.name === VIEW);
    expect(view.query.order).toBe('revenue:asc');
    // The page's preset (last 7 days by default) is saved with the view; the mail is that period.
    expect(view.query.preset).toBe('last_7_days');
    const q = new URLSearchParams({ ...view.query, format: 'csv' });
    const exported = await (await fetch(`${baseUrl}/v1/report/export/sdk?${q}`, { headers })).text();
    const attachment = attachmentOf(raw);
    expect(attachment.split('\r\n').length).toBeGreaterThan(2);
    expect(attachment).toBe(`\ufeff${exported.replace(/^\ufeff/, '')}`);
    // The list shows the send's result (the mail is written just before the run is marked).
    await expect
      .poll(
        async () => {
          await page.reload();
          // A reload on a busy machine may not show the list yet: try again rather than fail.
          const shown = await row.waitFor({ timeout: 5000 }).then(
            () => true,
            () => false,
          );
          return shown ? ((await row.textContent()) ?? '') : '';
        },
        { timeout: 40_000, interval: 1000 },
      )
      .toMatch(/已发送|Sent/);
  });
});

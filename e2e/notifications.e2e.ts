/**
 * Issue 27 item 4's journey: operations reject an app (the dialog insists on a reason) and approve
 * another; the publisher (reading English) sees the bell's count rise, opens the list, follows the
 * approval to its app, marks everything read; the approval and the rejection arrive as .eml files in
 * the outbox, in English, the rejection with the reason.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { pageIn, sessionToken, signIn } from './journey.ts';
import { mailsTo } from './mailbox.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
/** Polls for up to 20 s: the job queue polls each second, lists refresh on a loaded machine. */
const POLL = { timeout: 20_000 };
const APPROVED = 'E2E Bell Approved';
const REJECTED = 'E2E Bell Rejected';
const REASON = 'The store page shows another developer';

/** The count the bell announces (its accessible name), 0 when it says none. */
async function bellCount(page: Page): Promise<number> {
  const label = (await page.locator('[data-testid=notification-bell]').getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(label)?.[1] ?? 0);
}

describe('notifications journey (ops@ decides, demo@ is told)', () => {
  let browser: Browser;
  let demo: Page;
  let ops: Page;
  const ids: Record<string, number> = {};
  let before = 0;

  beforeAll(async () => {
    browser = await launchChromium();
    demo = await pageIn(browser, 'en', { width: 1280, height: 860 });
    ops = await pageIn(browser, 'zh', { width: 1440, height: 900 });
  });
  afterAll(async () => browser?.close());

  it('demo@ submits two apps and notes the bell', async () => {
    await signIn(demo, baseUrl, 'demo@example.com');
    const token = await sessionToken(demo);
    for (const [name, pkg] of [
      [APPROVED, 'com.e2e.bellapproved'],
      [REJECTED, 'com.e2e.bellrejected'],
    ] as const) {
      const res = await fetch(`${baseUrl}/v1/app`, {
        method: 'POST',
        headers: { token, 'content-type': 'application/json', 'accept-language': 'en' },
        body: JSON.stringify({
          app_name: name,
          package_name: pkg,
          platform: 1,
          is_online: 1,
          app_store_address: `https://play.google.com/store/apps/details?id=${pkg}`,
          industry_id: 210,
          description: '',
        }),
      });
      const body = await res.json();
      expect(body.code).toBe(0);
      ids[name] = body.data.id;
    }
    // The count before the decisions comes from the server: the bell asks after the first paint and
    // says "Notifications" both while it waits and when nothing is unread, so its label can read 0
    // while earlier journeys left demo@ unread notifications.
    const unread = await fetch(`${baseUrl}/v1/notifications/unread_count`, { headers: { token } });
    const unreadBody = await unread.json();
    expect(unreadBody.code).toBe(0);
    before = unreadBody.data.unread;
    await expect.poll(() => bellCount(demo), POLL).toBe(before);
  });

  it('ops@ must give a reason to reject, then rejects one and approves the other', async () => {
    await signIn(ops, baseUrl, 'ops@example.com');
    await ops.goto(`${baseUrl}/apps/list`);
    await ops.locator('#filter-app-name').fill('E2E Bell');
    await ops.locator(`[data-testid=reject-${ids[REJECTED]}]`).click();
    const dialog = ops.locator('.ant-modal', { has: ops.locator('[data-testid=reject-reason]') });
    await dialog.locator('[data-testid=reject-reason-ok]').click();
    await expect
      .poll(() => dialog.locator('.ant-form-item-explain-error').textContent(), POLL)
      .toBe('请填写拒绝原因');
    await dialog.locator('[data-testid=reject-reason]').fill(REASON);
    const rejected = ops.waitForResponse((r) => r.url().endsWith('/v1/app/status'));
    await dialog.locator('[data-testid=reject-reason-ok]').click();
    expect(await (await rejected).json()).toMatchObject({ code: 0, data: { audit_status: 4 } });
    await ops.locator(`[data-testid=approve-${ids[APPROVED]}]`).click();
    const approved = ops.waitForResponse((r) => r.url().endsWith('/v1/app/status'));
    await ops.locator('.ant-modal-confirm .ant-btn-primary').last().click();
    expect(await (await approved).json()).toMatchObject({ code: 0, data: { audit_status: 2 } });
  });

  it('demo@ sees the count rise, follows the approval to its app and marks all read', async () => {
    // The bell asks again when the window regains focus or the page is opened.
    await demo.goto(`${baseUrl}/home`);
    await expect.poll(() => bellCount(demo), POLL).toBe(before + 2);
    await demo.locator('[data-testid=notification-bell]').click();
    const panel = demo.locator('[data-testid=notification-panel]');
    const entry = panel.locator('.notification-entry', { hasText: `App "${APPROVED}" was approved` });
    await entry.waitFor();
    await expect(
      panel.locator('.notification-entry', { hasText: `App "${REJECTED}" was rejected` }).textContent(),
    ).resolves.toContain(`Reason: ${REASON}`);
    await entry.locator('.notification-title').click();
    await demo.waitForURL((u) => u.pathname === '/apps/list' && u.searchParams.get('app_name') === APPROVED);
    await expect
      .poll(() => demo.locator('[data-testid=apps-table] tbody tr.ant-table-row').allTextContents(), POLL)
      .toEqual([expect.stringContaining(APPROVED)]);
    await expect.poll(() => bellCount(demo), POLL).toBe(before + 1);
    await demo.locator('[data-testid=notification-bell]').click();
    await demo.locator('[data-testid=notification-mark-all]').click();
    await expect.poll(() => bellCount(demo), POLL).toBe(0);
    await expect
      .poll(() => demo.locator('[data-testid=notification-bell]').getAttribute('aria-label'), POLL)
      .toBe('Notifications');
  });

  it('the approval and the rejection land in the outbox in English, once each', async () => {
    const subjects = async () => (await mailsTo(dataDir, 'demo@example.com')).map((m) => m.subject);
    await expect
      .poll(subjects, POLL)
      .toEqual(expect.arrayContaining([`App "${APPROVED}" was approved`, `App "${REJECTED}" was rejected`]));
    const mails = await mailsTo(dataDir, 'demo@example.com');
    const approval = mails.filter((m) => m.subject === `App "${APPROVED}" was approved`);
    expect(approval).toHaveLength(1);
    expect(approval[0]?.text).toContain(`/apps/list?app_name=${encodeURIComponent(APPROVED)}`);
    expect(approval[0]?.messageId).toMatch(/^<notification-\d+@publisher-portal>$/);
    const rejection = mails.find((m) => m.subject === `App "${REJECTED}" was rejected`);
    expect(rejection?.text).toContain(`Reason: ${REASON}`);
  });
});

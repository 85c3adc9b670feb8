/**
 * Issue 3's journeys in Chromium against the seeded server (codes read from the dev outbox):
 * 1. sign up with an emailed code → sign in → /organize → create an organisation → home with the
 *    admin menu;
 * 2. reset that user's password with the code from the received mail → sign in with the new one;
 * 3. a second user signs up and joins Demo Games by Super Email → home shows the pending application →
 *    demo@ approves it on /users and grants two app keys on /roles → the member's SDK report holds
 *    only those app keys.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { DEMO_PASSWORD, E2E_CAPTCHA, sessionToken, signIn } from './journey.ts';
import { mailedCode } from './mailbox.ts';
import { animationsDone } from './settle.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const stamp = Date.now();
const founder = { email: `founder-${stamp}@example.com`, password: 'Founder123', name: 'Fiona Founder' };
const newPassword = 'Renewed456';
const joiner = { email: `joiner-${stamp}@example.com`, password: 'Joiner1234', name: 'Jo Joiner' };

/** Signs in through /login and waits for `landing` (the login page sends company_status 0 to /organize). */
async function signInTo(page: Page, email: string, password: string, landing: RegExp) {
  await page.goto(`${baseUrl}/login`);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await expect
    .poll(() => page.locator('[data-testid="captcha-image"]').getAttribute('src'))
    .toMatch(/^data:image/);
  await page.locator('#captcha_answer').fill(E2E_CAPTCHA);
  await page.locator('[data-testid=login-submit]').click();
  await page.locator('[data-testid=consent-accept]').click();
  await page.waitForURL(landing);
}

/** Fills the sign-up page, sends the code, reads it from the outbox and submits; ends on /login. */
async function signUp(page: Page, user: { email: string; password: string; name: string }) {
  await page.goto(`${baseUrl}/login`);
  await page.locator('[data-testid=signup-link]').click();
  await page.waitForURL(/\/signup/);
  // The router keeps the login page on screen until the sign-up chunk has loaded.
  await page.locator('[data-testid=signup] #email').waitFor();
  await page.locator('#email').fill(user.email);
  await page.locator('#name').fill(user.name);
  await page.locator('#password').fill(user.password);
  await page.locator('#confirm').fill(user.password);
  const since = Date.now();
  lastCodeAt.set(user.email, since);
  await page.locator('[data-testid=send-code]').click();
  await expect
    .poll(() => page.locator('[data-testid=send-code]').isDisabled(), { timeout: 10_000 })
    .toBe(true);
  await page.locator('#code').fill(await mailedCode(dataDir, user.email, since));
  await page.locator('[data-testid=signup-submit]').click();
  await page.waitForURL(/\/login$/);
}

/** When a code was last asked for each address: the server waits 10 s between two codes to one address. */
const lastCodeAt = new Map<string, number>();

/** Waits out the server's 10 s resend wait for `email`. */
async function resendWait(email: string) {
  const wait = (lastCodeAt.get(email) ?? 0) + 10_500 - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}

/** yyyyMMdd of the UTC day `daysAgo` before today. */
function utcDay(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
}

/** The app keys of the caller's SDK report over the last 30 days, straight from the API. */
async function reportedAppKeys(token: string): Promise<Set<string>> {
  const q = new URLSearchParams({
    dt: `${utcDay(30)},${utcDay(1)}`,
    fields: 'app_key,revenue',
    order: 'revenue:desc',
    page_index: '1',
    page_size: '100',
  });
  const res = await fetch(`${baseUrl}/v1/report/list/sdk?${q}`, { headers: { token } });
  const body = (await res.json()) as { code: number; data: { list: { app_key: string }[] } };
  expect(body.code).toBe(0);
  return new Set(body.data.list.map((r) => r.app_key));
}

describe('accounts and organisations journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => browser?.close());

  const newPage = async () =>
    (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();

  it('signs up with an emailed code, creates an organisation and lands home as its super admin', async () => {
    const page = await newPage();
    await signUp(page, founder);
    await signInTo(page, founder.email, founder.password, /\/organize/);
    await page.locator('#company_name').fill(`Founder Games ${stamp}`);
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /passport|permission/.test(r.url())) calls.push(new URL(r.url()).pathname);
    });
    await page.locator('[data-testid=create-submit]').click();
    await page.waitForURL(/\/home/);
    expect(calls).toEqual([
      '/v1/passport/company/signup',
      '/v1/passport/account/signup',
      '/v1/passport/user/bind_account',
      '/v1/permission/user/add_opt_permission',
    ]);
    await page.locator('[data-testid="nav-/users"]').waitFor();
    await page.locator('[data-testid="nav-/users"]').click();
    await page.waitForURL(/\/users/);
    await expect
      .poll(() => page.locator('[data-testid=users-table] td [data-field=email]').allTextContents(), {
        timeout: 10_000,
      })
      .toEqual([founder.email]);
    await page.context().close();
  });

  it('resets the password with the mailed code, then signs in with the new one', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl}/login`);
    await page.locator('[data-testid=forgot-password]').click();
    await page.waitForURL(/\/resetPassword/);
    await page.locator('[data-testid=reset-password] #email').waitFor();
    await page.locator('#email').fill(founder.email);
    await page.locator('#password').fill(newPassword);
    await page.locator('#confirm').fill(newPassword);
    await resendWait(founder.email);
    const since = Date.now();
    await page.locator('[data-testid=send-code]').click();
    await expect
      .poll(() => page.locator('[data-testid=send-code]').isDisabled(), { timeout: 10_000 })
      .toBe(true);
    await page.locator('#code').fill(await mailedCode(dataDir, founder.email, since));
    await page.locator('[data-testid=reset-submit]').click();
    await page.waitForURL(/\/login$/);
    await signInTo(page, founder.email, newPassword, /\/home/);
    await page.context().close();
  });

  it('a second user joins Demo Games by Super Email; demo@ approves and grants two apps; the report shows only them', async () => {
    // The joiner applies.
    const member = await newPage();
    await signUp(member, joiner);
    await signInTo(member, joiner.email, joiner.password, /\/organize/);
    await member.locator('[data-testid=tab-join]').click();
    await member.locator('#email').fill('demo@example.com');
    await member.locator('#reason').fill('I run ad operations for Demo Games');
    await member.locator('[data-testid=join-submit]').click();
    await member.waitForURL(/\/home/);
    await expect
      .poll(() => member.locator('.ant-alert').first().textContent(), { timeout: 10_000 })
      .toMatch(/审核|review/);

    // The admin approves and grants.
    const admin = await newPage();
    await signIn(admin, baseUrl, 'demo@example.com', DEMO_PASSWORD);
    await admin.goto(`${baseUrl}/users`);
    const row = admin.locator('[data-testid=users-table] tr.ant-table-row', { hasText: joiner.email });
    await row.locator('[data-testid^=approve-]').click();
    await admin.locator('.ant-popover [data-testid=confirm-ok]').click();
    await expect.poll(() => row.locator('[data-testid=status-1]').count(), { timeout: 10_000 }).toBe(1);

    await admin.goto(`${baseUrl}/roles`);
    const roleRow = admin.locator('[data-testid=roles-table] tr.ant-table-row', { hasText: joiner.email });
    await roleRow.locator('[data-testid^=perm-open-]').click();
    const options = admin.locator('[data-testid^="perm-3:"]');
    await options.first().waitFor({ state: 'attached' });
    const allKeys = await options.evaluateAll((els) =>
      els.map((e) => (e.getAttribute('data-testid') ?? '').slice('perm-3:'.length)),
    );
    expect(allKeys.length).toBeGreaterThan(2);
    const granted = allKeys.slice(0, 2);
    // The drawer slides in: a box checked mid-slide can lie outside the viewport.
    await animationsDone(admin, '.ant-drawer-content-wrapper');
    for (const key of granted) await admin.locator(`[data-testid="perm-3:${key}"]`).check({ force: true });
    const saved = admin.waitForResponse(
      (r) => r.url().includes('/v1/company/users/data_permission') && r.request().method() === 'PUT',
    );
    await admin.locator('[data-testid=perm-save]').click();
    expect(((await (await saved).json()) as { code: number }).code).toBe(0);

    // The member, reloaded: no longer pending, the SDK report is in the menu.
    await member.goto(`${baseUrl}/home`);
    await member.locator('[data-testid="nav-/report/sdk"]').waitFor();
    await expect.poll(() => member.getByText(/审核中|under review/).count(), { timeout: 10_000 }).toBe(0);

    // The SDK report holds only the granted app keys.
    const reportList = member.waitForResponse((r) => r.url().includes('/v1/report/list/sdk'));
    await member.goto(`${baseUrl}/report/sdk`);
    const listBody = (await (await reportList).json()) as {
      code: number;
      data: { list: { app_key?: string }[] };
    };
    expect(listBody.code).toBe(0);
    for (const r of listBody.data.list) if (r.app_key) expect(granted).toContain(r.app_key);
    await member.locator('[data-testid=report-table]').waitFor();

    const memberKeys = await reportedAppKeys(await sessionToken(member));
    expect(memberKeys.size).toBeGreaterThan(0);
    expect([...memberKeys].every((k) => granted.includes(k))).toBe(true);
    const adminKeys = await reportedAppKeys(await sessionToken(admin));
    expect(adminKeys.size).toBeGreaterThan(memberKeys.size);
    await member.screenshot({ path: `${process.env.E2E_SHOTS ?? '/tmp'}/accounts-member-sdk.png` });
  });
});

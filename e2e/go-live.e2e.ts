/**
 * Issue 27's journey, from sign-up to the first impression: a new publisher (English) signs up,
 * creates an organisation, an app and an ad slot (the integration panel opens, the IDs are read off
 * it), adds a test device; operations approve the app and the slot, and the publisher gets the
 * approval in the bell and as an .eml; app-ads.txt goes from missing to found against a local HTTP
 * server standing in for the developer website (APP_ADS_ALLOW_LOOPBACK in global-setup); once facts
 * of the new app are imported (the import hand-off of a serving portal), the home's checklist is
 * complete. A malformed test device ID and a private website address get clear answers, not a 5xx.
 */
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { E2E_CAPTCHA, pageIn, pickOption, sessionToken, signIn } from './journey.ts';
import { mailedCode, mailsTo } from './mailbox.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const POLL = { timeout: 20_000 };
const stamp = Date.now().toString(36);
const user = { email: `golive-${stamp}@example.com`, password: 'GoLive12345', name: 'Go Live' };
const APP = `Go Live ${stamp}`;
const PKG = `com.golive.e${stamp}`;

describe('go-live journey (issue 27)', () => {
  let browser: Browser;
  let page: Page;
  let ops: Page;
  let token = '';
  let site: http.Server;
  let sitePort = 0;
  let siteFile: { status: number; body: string } = { status: 404, body: '' };
  const ids = { app: 0, slot: 0, appKey: '' };

  const api = async (method: string, url: string, body?: unknown, as = token) => {
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { token: as, 'content-type': 'application/json', 'accept-language': 'en' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status, url).toBeLessThan(500);
    return res.json();
  };

  beforeAll(async () => {
    browser = await launchChromium();
    page = await pageIn(browser, 'en', { width: 1280, height: 860 });
    ops = await pageIn(browser, 'zh', { width: 1280, height: 860 });
    site = http.createServer((_q, res) => {
      res.statusCode = siteFile.status;
      res.setHeader('content-type', 'text/plain');
      res.end(siteFile.body);
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    sitePort = (site.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((r) => site.close(() => r()));
  });

  it('signs up, creates an organisation and lands on a home that says what to do next', async () => {
    await page.goto(`${baseUrl}/login`);
    await page.locator('[data-testid=signup-link]').click();
    await page.locator('[data-testid=signup] #email').waitFor();
    await page.locator('#email').fill(user.email);
    await page.locator('#name').fill(user.name);
    await page.locator('#password').fill(user.password);
    await page.locator('#confirm').fill(user.password);
    const since = Date.now();
    await page.locator('[data-testid=send-code]').click();
    await expect
      .poll(() => page.locator('[data-testid=send-code]').isDisabled(), { timeout: 10_000 })
      .toBe(true);
    await page.locator('#code').fill(await mailedCode(dataDir, user.email, since));
    await page.locator('[data-testid=signup-submit]').click();
    await page.waitForURL(/\/login$/);
    // A fresh login page: the sign-up form (same field ids) may still be on screen after the redirect.
    await page.goto(`${baseUrl}/login`);
    await page.locator('#email').fill(user.email);
    await page.locator('#password').fill(user.password);
    await expect
      .poll(() => page.locator('[data-testid="captcha-image"]').getAttribute('src'))
      .toMatch(/^data:image/);
    await page.locator('#captcha_answer').fill(E2E_CAPTCHA);
    await page.locator('[data-testid=login-submit]').click();
    await page.locator('[data-testid=consent-accept]').click();
    await page.waitForURL(/\/organize/);
    await page.locator('#company_name').fill(`Go Live Studio ${stamp}`);
    await page.locator('[data-testid=create-submit]').click();
    await page.waitForURL(/\/home/);
    token = await sessionToken(page);
    await page.locator('[data-testid=home-empty]').waitFor(POLL);
    expect(await page.locator('[data-testid=home-next-step]').textContent()).toBe('Add your first app');
  });

  it('adds an app and an ad slot; the integration panel shows the IDs and what is pending', async () => {
    await page.goto(`${baseUrl}/apps/list`);
    await page.locator('[data-testid=apps-empty]').waitFor(POLL);
    const created = await api('POST', '/v1/app', {
      app_name: APP,
      package_name: PKG,
      platform: 1,
      is_online: 1,
      app_store_address: `https://play.google.com/store/apps/details?id=${PKG}`,
      industry_id: 210,
      description: '',
    });
    expect(created.code).toBe(0);
    ids.app = created.data.id;
    await page.goto(`${baseUrl}/adpos/list`);
    await page.locator('[data-testid=adslots-empty-create]').click(POLL);
    await pickOption(page, 'adslot-app', APP);
    await page.locator('#adpos_name').fill('Level Complete');
    await pickOption(page, 'adslot-style', 'Interstitial');
    await page.locator('[data-testid=adslot-content-types] input').first().check();
    await page.locator('[data-testid=adslot-dialog-save]').click();
    const panel = page.locator('[data-testid=integration-panel]');
    await panel.locator('[data-testid=integration-pending]').waitFor(POLL);
    const pending = (await panel.locator('[data-testid=integration-pending]').textContent()) ?? '';
    expect(pending).toContain('The app is waiting for review by operations.');
    expect(pending).toContain('Test devices get test ads before approval');
    ids.slot = Number((await panel.locator('[data-testid=integration-placement-id]').textContent())?.trim());
    expect(ids.slot).toBeGreaterThan(0);
    // Copy the placement ID with the panel's copy button.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await panel.locator('[data-testid=integration-placement-id] .ant-typography-copy').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText()), POLL).toBe(String(ids.slot));
    expect(await panel.locator('[data-testid=integration-code-android]').textContent()).toContain(
      `InterstitialAd.load(activity, placementId = "${ids.slot}")`,
    );
    await page.keyboard.press('Escape');
  });

  it('adds a test device, refusing a malformed ID first', async () => {
    await page.goto(`${baseUrl}/account/testDevices`);
    await page.locator('[data-testid=empty-add-test-device]').click(POLL);
    await page.locator('#test-device-name').fill('QA phone');
    await pickOption(page, 'test-device-platform', 'Android');
    await page.locator('#test-device-id').fill('not-a-gaid');
    await page.locator('[data-testid=test-device-save]').click();
    await page.getByText('The advertising ID must be a GAID or IDFA', { exact: false }).waitFor(POLL);
    await page.locator('#test-device-id').fill('38400000-8CF0-11BD-B23E-10B96E40000D');
    await page.locator('[data-testid=test-device-save]').click();
    await page
      .locator('[data-testid=test-devices-table]')
      .getByText('38400000-8cf0-11bd-b23e-10b96e40000d')
      .waitFor(POLL);
    const bad = await api('POST', '/v1/test_devices', { advertising_id: '\u0000', name: 'x', platform: 1 });
    expect(bad.code).toBe(604);
  });

  it('operations approve; the bell and the outbox say so, and the panel shows the app key', async () => {
    await signIn(ops, baseUrl, 'ops@example.com');
    const opsToken = await sessionToken(ops);
    expect((await api('PUT', '/v1/app/status', { id: ids.app, audit_status: 2 }, opsToken)).code).toBe(0);
    expect((await api('PUT', '/v1/adpos/status', { id: ids.slot, audit_status: 2 }, opsToken)).code).toBe(0);
    await page.goto(`${baseUrl}/adpos/list`);
    await expect
      .poll(
        async () => (await page.locator('[data-testid=notification-bell]').getAttribute('aria-label')) ?? '',
        POLL,
      )
      .toMatch(/2 unread/);
    await page.locator('[data-testid=notification-bell]').click();
    await page.getByText(`App "${APP}" was approved`).first().waitFor(POLL);
    await expect
      .poll(async () => (await mailsTo(dataDir, user.email)).map((m) => m.subject).join('\n'), POLL)
      .toContain(`App "${APP}" was approved`);
    await page.keyboard.press('Escape');
    await page.locator(`[data-testid=integrate-adslot-${ids.slot}]`).click(POLL);
    await page.locator('[data-testid=integration-ready]').waitFor(POLL);
    ids.appKey = ((await page.locator('[data-testid=integration-app-key]').textContent()) ?? '').trim();
    expect(ids.appKey).toMatch(/^[0-9a-f]{32}$/);
    await page.keyboard.press('Escape');
  });

  it('app-ads.txt goes from file missing to found; a private address is reported, not crawled', async () => {
    const refused = await api('PUT', '/v1/app/app_ads_txt', {
      app_id: ids.app,
      developer_website: 'http://10.0.0.5/',
    });
    expect(refused.code).toBe(0);
    const privateCheck = await api('POST', '/v1/app/app_ads_txt/check', { app_id: ids.app });
    expect(privateCheck.data).toMatchObject({
      status: 'unreachable',
      detail: 'address 10.0.0.5 is not public',
    });

    await page.goto(`${baseUrl}/apps/list`);
    await page.locator(`[data-testid=app-ads-${ids.app}]`).click(POLL);
    const drawer = page.locator('[data-testid=app-ads-drawer]');
    await drawer.locator('[data-testid=app-ads-website]').fill(`http://127.0.0.1:${sitePort}/`);
    await drawer.locator('[data-testid=app-ads-save]').click();
    const line = ((await drawer.locator('[data-testid=app-ads-line]').textContent()) ?? '').trim();
    expect(line).toMatch(/, DIRECT, /);
    siteFile = { status: 404, body: '' };
    await expect.poll(() => drawer.locator('[data-testid=app-ads-check]').isDisabled(), POLL).toBe(false);
    await drawer.locator('[data-testid=app-ads-check]').click();
    await drawer.getByText('File missing').first().waitFor(POLL);
    siteFile = { status: 200, body: `# ads\ncontact=ads@golive.example\n${line}\n` };
    await drawer.locator('[data-testid=app-ads-check]').click();
    await drawer.getByText('Found').first().waitFor(POLL);
  });

  it('after facts of the new app are imported the checklist is complete', async () => {
    const handoff = JSON.parse(await readFile(path.join(dataDir, 'import-handoff.json'), 'utf8'));
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const csv =
      'dt,hour,app_key,placement_id,placement_name,ad_style,geo,request,response,impression,click,revenue\n' +
      `${yesterday},10,${ids.appKey},${ids.slot},Level Complete,2,US,1200,900,700,21,3.5\n`;
    const res = await fetch(`${handoff.url}/internal/import?kind=sdk&name=golive.csv`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'x-import-secret': handoff.secret },
      body: csv,
    });
    expect((await res.json()).code).toBe(0);
    await page.goto(`${baseUrl}/home`);
    const checklist = page.locator('[data-testid=home-checklist]');
    await checklist.waitFor(POLL);
    await expect.poll(() => checklist.locator('li[data-done=false]').count(), POLL).toBe(0);
    expect(await page.locator('[data-testid=home-earnings-yesterday]').textContent()).toBe('$3.50');
  });
});

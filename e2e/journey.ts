/**
 * Steps shared by the journeys: a page in a fresh context in a given language, signing in through the
 * real login page (captcha test answer), the cookie-consent dialog, picking an antd select option, and
 * reading the session token the page stored (cookie `token`).
 */

import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';

export const E2E_CAPTCHA = '424242';
export const DEMO_PASSWORD = 'Demo12345';

/** Opens /login, signs in, accepts the cookie dialog and waits for /home. */
export async function signIn(page: Page, baseUrl: string, email: string, password = DEMO_PASSWORD) {
  await page.goto(`${baseUrl}/login`);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await expect
    .poll(() => page.locator('[data-testid="captcha-image"]').getAttribute('src'))
    .toMatch(/^data:image/);
  await page.locator('#captcha_answer').fill(E2E_CAPTCHA);
  await page.locator('[data-testid=login-submit]').click();
  await page.locator('[data-testid=consent-accept]').click();
  await page.waitForURL(/\/home/);
}

/** The session token the web app keeps in its `token` cookie. */
export async function sessionToken(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'token');
  if (!cookie) throw new Error('no token cookie after sign-in');
  return decodeURIComponent(cookie.value);
}

/** A page in a fresh browser context whose app starts in `lang` (localStorage `language`). */
export async function pageIn(
  browser: Browser,
  lang: 'zh' | 'en',
  viewport = { width: 1280, height: 800 },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript((l) => localStorage.setItem('language', l), lang);
  return context.newPage();
}

/** Opens the antd select `data-testid=testId` and clicks its first option showing `option`. */
export async function pickOption(page: Page, testId: string, option: string) {
  await page.locator(`[data-testid=${testId}]`).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

/**
 * Picks `option` in the antd select `data-testid=testId` (single or multiple) and waits until the select
 * shows it among its chosen values. On a loaded machine a click can land while the dropdown is still
 * sliding in and choose nothing: the option is clicked again, only while it is not chosen (a second
 * click on a chosen option of a multiple select would take it out), at most 3 times.
 */
export async function pickShownOption(page: Page, testId: string, option: string) {
  const select = page.locator(`[data-testid=${testId}]`);
  const item = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first();
  // The dropdown renders in a portal outside the select: text inside the select is a chosen value.
  const chosen = select.filter({ hasText: option });
  for (let attempt = 1; ; attempt++) {
    if (!(await item.isVisible())) await select.click();
    await item.click();
    const shown = await chosen
      .waitFor({ timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (shown) return;
    if (attempt === 3)
      throw new Error(`select ${testId}: "${option}" was clicked 3 times and is not shown as chosen`);
  }
}

/**
 * Opens the antd cascader `data-testid=testId` and walks `path` (one option text per column). A
 * column's click can land while the dropdown is still sliding in (a loaded machine), which leaves the
 * next column unopened: each step is clicked again until the next column shows its option (3 tries).
 */
export async function pickCascade(page: Page, testId: string, path: readonly string[]) {
  await page.locator(`[data-testid=${testId}]`).click();
  const item = (text: string) =>
    page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu-item').filter({ hasText: text }).first();
  for (const [i, text] of path.entries()) {
    const next = path[i + 1];
    for (let attempt = 1; ; attempt++) {
      await item(text).click();
      if (next === undefined) break;
      const opened = await item(next)
        .waitFor({ timeout: 5_000 })
        .then(() => true)
        .catch(() => false);
      if (opened) break;
      if (attempt === 3) throw new Error(`cascader ${testId}: "${next}" did not open under "${text}"`);
    }
  }
}

/**
 * Issue 6 accessibility: axe-core reports no serious or critical WCAG 2.1 A/AA violation on any page
 * of the route table, signed out and signed in (demo@example.com), in Chinese and in English; and the
 * keyboard alone reaches the language switch and the login button, Enter activating both.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from './axe-check.ts';
import { launchChromium } from './browser.ts';
import { DEMO_PASSWORD, E2E_CAPTCHA, signIn } from './journey.ts';
import { publicPaths, signedInPaths } from './routes.ts';
import { settle, trackRequests } from './settle.ts';

const baseUrl = inject('baseUrl');
const langs = ['zh', 'en'] as const;

/** Opens `path` and waits until the lazy screen has rendered and settled (settle.ts). */
async function open(page: Page, path: string) {
  trackRequests(page);
  await page.goto(`${baseUrl}${path}`);
  await settle(page);
}

async function contextIn(browser: Browser, lang: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  await context.addInitScript((l) => localStorage.setItem('language', l), lang);
  return context;
}

describe('axe: no serious or critical violation', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => browser?.close());

  // The two languages are checked side by side, one page each: while one page waits on the server
  // or on axe, the other works (the pages share nothing but the browser process).
  describe('signed out, zh and en', () => {
    const pages = new Map<string, Page>();
    beforeAll(async () => {
      for (const lang of langs) pages.set(lang, await (await contextIn(browser, lang)).newPage());
    });
    for (const path of publicPaths()) {
      it(path, async () => {
        const found = await Promise.all(
          langs.map(async (lang) => {
            const page = pages.get(lang) as Page;
            await open(page, path);
            expect(await page.evaluate(() => document.documentElement.lang)).toBe(
              lang === 'zh' ? 'zh-CN' : 'en',
            );
            return (await seriousViolations(page)).map((v) => `${lang}: ${v}`);
          }),
        );
        expect(found.flat()).toEqual([]);
      });
    }
  });

  describe('signed in (demo@example.com), zh and en', () => {
    const pages = new Map<string, Page>();
    beforeAll(async () => {
      for (const lang of langs) pages.set(lang, await (await contextIn(browser, lang)).newPage());
    });
    it('signs in', async () => {
      await Promise.all(langs.map((lang) => signIn(pages.get(lang) as Page, baseUrl, 'demo@example.com')));
    });
    for (const path of ['/home', ...signedInPaths(), '/404', '/empty', '/policy/index']) {
      it(path, async () => {
        const found = await Promise.all(
          langs.map(async (lang) => {
            const page = pages.get(lang) as Page;
            await open(page, path);
            expect(new URL(page.url()).pathname, lang).not.toBe('/login');
            return (await seriousViolations(page)).map((v) => `${lang}: ${v}`);
          }),
        );
        expect(found.flat()).toEqual([]);
      });
    }
  });
});

describe('keyboard: /login', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchChromium();
    page = await (await contextIn(browser, 'zh')).newPage();
  });
  afterAll(async () => browser?.close());

  /** Presses Tab until the focused element matches `selector` (at most 30 times). */
  async function tabTo(selector: string) {
    const focused = () => page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);
    for (let i = 0; i < 30 && !(await focused()); i++) await page.keyboard.press('Tab');
    if (await focused()) return;
    throw new Error(`Tab never reached ${selector}`);
  }

  it('tabs to the language switch; Enter opens it and Enter on English switches', async () => {
    await open(page, '/login');
    await tabTo('[data-testid=language-switch]');
    await page.keyboard.press('Enter');
    await tabTo('[data-testid=lang-en]');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('language'))).toBe('en');
    expect(await page.locator('[data-testid=login-submit]').textContent()).toMatch(/log ?in/i);
  });

  it('fills the form and tabs to the login button; Enter signs in', async () => {
    await page.locator('#email').focus();
    await page.keyboard.type('demo@example.com');
    await tabTo('#password');
    await page.keyboard.type(DEMO_PASSWORD);
    await expect
      .poll(() => page.locator('[data-testid="captcha-image"]').getAttribute('src'))
      .toMatch(/^data:image/);
    await tabTo('#captcha_answer');
    await page.keyboard.type(E2E_CAPTCHA);
    await tabTo('[data-testid=login-submit]');
    await page.keyboard.press('Enter');
    // The consent dialog takes focus; its only button is reachable and Enter accepts it.
    await page.locator('[data-testid=consent-accept]').waitFor();
    await tabTo('[data-testid=consent-accept]');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/home/);
  });
});

/**
 * Issue 11: the Content-Security-Policy holds. Every page of the route table, signed out and signed in
 * (demo@example.com), loads in Chromium with the server's CSP header and causes no CSP violation:
 * none reported by a `securitypolicyviolation` event, none logged to the console. The API docs
 * (/docs, swagger-ui) render under the same policy and the same check. A deliberate inline script
 * proves the check sees violations.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { signIn } from './journey.ts';
import { publicPaths, signedInPaths } from './routes.ts';
import { settle, trackRequests } from './settle.ts';

const baseUrl = inject('baseUrl');

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** A page whose CSP violations, from events and from the console, are collected in `found`. */
async function watchedPage(context: BrowserContext): Promise<{ page: Page; found: string[] }> {
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations?.push(
        `${e.violatedDirective} ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  const page = await context.newPage();
  const found: string[] = [];
  page.on('console', (msg) => {
    if (/content security policy/i.test(msg.text())) found.push(`console: ${msg.text()}`);
  });
  return { page, found };
}

/**
 * Opens `path`, waits for the screen to settle (settle.ts), and returns the violations seen there
 * (collected events of this document and console lines since the last call).
 */
async function violationsOn(page: Page, found: string[], path: string): Promise<string[]> {
  found.length = 0;
  trackRequests(page);
  const res = await page.goto(`${baseUrl}${path}`);
  expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
  await settle(page, { ready: '#root > *, .swagger-ui' });
  const events = await page.evaluate(() => window.__cspViolations ?? []);
  return [...events.map((e) => `event: ${e}`), ...found];
}

describe('CSP: no violation on any route', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => browser?.close());

  describe('signed out', () => {
    let page: Page;
    let found: string[];
    beforeAll(async () => {
      ({ page, found } = await watchedPage(await browser.newContext()));
    });

    it('sees a violation when there is one (inline script)', async () => {
      await violationsOn(page, found, '/login');
      await page.evaluate(() => {
        const s = document.createElement('script');
        s.textContent = 'window.name = "inline ran"';
        document.head.appendChild(s);
      });
      await expect.poll(() => page.evaluate(() => window.__cspViolations?.length ?? 0)).toBeGreaterThan(0);
      expect(await page.evaluate(() => window.name)).not.toBe('inline ran');
    });

    for (const path of [...publicPaths(), '/docs']) {
      it(path, async () => {
        expect(await violationsOn(page, found, path)).toEqual([]);
      });
    }
  });

  describe('signed in (demo@example.com)', () => {
    let page: Page;
    let found: string[];
    beforeAll(async () => {
      ({ page, found } = await watchedPage(
        await browser.newContext({ viewport: { width: 1440, height: 900 } }),
      ));
    });

    it('signs in without violation', async () => {
      found.length = 0;
      await signIn(page, baseUrl, 'demo@example.com');
      const events = await page.evaluate(() => window.__cspViolations ?? []);
      expect([...events, ...found]).toEqual([]);
    });

    for (const path of ['/home', ...signedInPaths(), '/404', '/empty', '/policy/index']) {
      it(path, async () => {
        expect(await violationsOn(page, found, path)).toEqual([]);
        expect(new URL(page.url()).pathname).not.toBe('/login');
      });
    }
  });
});

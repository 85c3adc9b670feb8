/**
 * Every signed-in screen fits a phone (issue 25 item 4): at 390 px (demo@, Chinese), 412 px (ops@,
 * English) and 600 px (demo@, English; the sidebar folded away), no visible element reaches past the screen's right edge unless it sits in an area that
 * scrolls sideways on purpose (the report table, a wide table), in a fixed layer (drawers, menus) or in
 * a tab strip (antd lists the tabs it cannot show under its "more" button).
 * The page's own scroll width is not enough: the header and the cards clip what overflows them, so a
 * cut-off account button or time zone picker leaves `scrollWidth` at the screen's width. The paths come
 * from the route table (routes.ts), so screens added later are checked too. Each screen also passes
 * axe (axe-check.ts) at that width: the narrow layouts have their own markup (cards, stacked tabs, the
 * header menu's hidden items), which a11y.e2e.ts at 1280 px never meets.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from './axe-check.ts';
import { launchChromium } from './browser.ts';
import { pageIn, signIn } from './journey.ts';
import { signedInPaths } from './routes.ts';
import { settle, trackRequests } from './settle.ts';

const baseUrl = inject('baseUrl');

/**
 * Visible elements whose right edge passes `width` (1 px of rounding allowed), outside any ancestor
 * that scrolls sideways (overflow-x auto or scroll, with more to scroll), fixed layers and tab strips;
 * one line each: tag, classes, right edge, text.
 */
function pastTheEdge(page: Page, width: number): Promise<string[]> {
  return page.evaluate((w) => {
    const found: string[] = [];
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= w + 1) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.position === 'fixed') continue;
      // antd's tab strip slides and lists the tabs it cannot show in its "more" menu.
      if (el.closest('.ant-tabs-nav-wrap')) continue;
      let excused = false;
      for (let a = el.parentElement; a && !excused; a = a.parentElement) {
        const s = getComputedStyle(a);
        excused =
          s.position === 'fixed' ||
          ((s.overflowX === 'auto' || s.overflowX === 'scroll') && a.scrollWidth > a.clientWidth);
      }
      if (excused) continue;
      const classes = String(el.getAttribute('class') ?? '').slice(0, 60);
      const text = (el.textContent ?? '').trim().slice(0, 40);
      found.push(`${el.tagName.toLowerCase()}.${classes} right=${Math.round(box.right)} "${text}"`);
    }
    return found;
  }, width);
}

const phones = [
  { email: 'demo@example.com', lang: 'zh', width: 390 },
  { email: 'ops@example.com', lang: 'en', width: 412 },
  // A small tablet: the sidebar folded away, the header's account button with the user's name.
  { email: 'demo@example.com', lang: 'en', width: 600 },
] as const;

describe.each(phones)('every signed-in screen fits the phone ($email, $lang, $width px)', (phone) => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchChromium();
    page = await pageIn(browser, phone.lang, { width: phone.width, height: 844 });
  });
  afterAll(async () => browser?.close());

  it('signs in', async () => {
    await signIn(page, baseUrl, phone.email);
  });

  it('has nothing past the right edge and no serious axe finding on any screen', async () => {
    const misfits: string[] = [];
    const violations: string[] = [];
    for (const path of ['/home', ...signedInPaths()]) {
      trackRequests(page);
      await page.goto(`${baseUrl}${path}`);
      await settle(page);
      const past = await pastTheEdge(page, phone.width);
      if (past.length > 0) misfits.push(`${path}:\n  ${past.slice(0, 5).join('\n  ')}`);
      for (const v of await seriousViolations(page)) violations.push(`${path}: ${v}`);
    }
    expect(misfits, misfits.join('\n')).toEqual([]);
    expect(violations).toEqual([]);
  });
});

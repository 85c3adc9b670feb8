/**
 * Waiting for a page to settle on conditions instead of Playwright's `networkidle` (500 ms of silence)
 * plus a fixed pause: the screen has rendered, no request the page made is still in flight, no antd
 * spinner or active skeleton is showing, and web fonts have loaded — held for `quietMs` in a row, so a
 * request a render starts right after the last answer (a lazy route chunk, then its data) is waited for.
 */
import type { Page, Request } from 'playwright-core';

const inFlight = new WeakMap<Page, Set<Request>>();

/**
 * Starts counting `page`'s requests in flight (idempotent). Call it before the navigation whose result
 * `settle` waits for; a page never tracked is tracked from its first `settle` call on.
 */
export function trackRequests(page: Page): Set<Request> {
  let pending = inFlight.get(page);
  if (pending) return pending;
  const set = new Set<Request>();
  page.on('request', (r) => set.add(r));
  page.on('requestfinished', (r) => set.delete(r));
  page.on('requestfailed', (r) => set.delete(r));
  inFlight.set(page, set);
  pending = set;
  return pending;
}

/**
 * Resolves once `page` has settled (see the module comment) for `quietMs` (default 150 ms) in a row;
 * `ready` is the selector of the rendered screen (default: any child of #root). Throws Playwright's
 * timeout error after `timeoutMs` (default 20 s) with what was still pending.
 */
export async function settle(
  page: Page,
  { ready = '#root > *', quietMs = 150, timeoutMs = 20_000 } = {},
): Promise<void> {
  const pending = trackRequests(page);
  const deadline = Date.now() + timeoutMs;
  await page.locator(ready).first().waitFor({ timeout: timeoutMs });
  let quietSince = 0;
  for (;;) {
    const busy =
      pending.size > 0 ||
      (await page.evaluate(
        () =>
          document.readyState !== 'complete' ||
          document.fonts.status !== 'loaded' ||
          document.querySelector('.ant-spin-spinning, .ant-skeleton-active') !== null,
      ));
    const now = Date.now();
    if (busy) quietSince = 0;
    else if (!quietSince) quietSince = now;
    else if (now - quietSince >= quietMs) return;
    if (now > deadline) {
      const urls = [...pending].map((r) => r.url());
      throw new Error(`page did not settle in ${timeoutMs} ms; in flight: ${urls.join(', ') || 'none'}`);
    }
    await page.waitForTimeout(25);
  }
}

/**
 * Resolves once no CSS animation or transition runs inside the first element matching `selector` (an
 * antd modal's zoom-in, a drawer's slide): a control clicked while its dialog is still being
 * transformed can lie outside the viewport for Playwright ("Element is outside of the viewport").
 * Throws Playwright's timeout error when the element does not appear within `timeoutMs`.
 */
export async function animationsDone(page: Page, selector: string, timeoutMs = 10_000): Promise<void> {
  const target = page.locator(selector).first();
  await target.waitFor({ timeout: timeoutMs });
  await target.evaluate(
    (el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))),
    undefined,
    { timeout: timeoutMs },
  );
}

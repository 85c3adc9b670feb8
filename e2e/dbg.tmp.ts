import { launchChromium } from './browser.ts';

const base = 'http://127.0.0.1:18931';
const browser = await launchChromium();
const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
await ctx.addInitScript(() => localStorage.setItem('language', 'en'));
const page = await ctx.newPage();
await page.goto(`${base}/login`);
await page.locator('#email').fill('ops@example.com');
await page.locator('#password').fill('Demo12345');
await page.waitForFunction(() =>
  document.querySelector('[data-testid="captcha-image"]')?.getAttribute('src')?.startsWith('data:image'),
);
await page.locator('#captcha_answer').fill('424242');
await page.locator('[data-testid=login-submit]').click();
await page.locator('[data-testid=consent-accept]').click();
await page.waitForURL(/\/home/);
await page.goto(`${base}/ops/payments`);
page.on('request', (r) => {
  if (r.url().includes('/close')) console.log('BODY', r.postData());
});
await page.locator('[data-testid=ops-profit-center]').click();
await page
  .locator('.ant-select-dropdown:visible .ant-select-item-option')
  .filter({ hasText: 'Games APAC' })
  .first()
  .click();
await page.waitForTimeout(1000);
await page.locator('[data-testid=ops-close]').click();
await page.locator('[data-testid=ops-close-ok]').click();
await page.waitForTimeout(2000);
await browser.close();

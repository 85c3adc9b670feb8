/**
 * The axe check the journeys share (a11y.e2e.ts on every page at 1280 px, phone-fit.e2e.ts on every
 * signed-in screen at phone widths): WCAG 2.1 A/AA rules, serious and critical findings only.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { knownIssues } from './a11y-known-issues.ts';

/**
 * Serious and critical violations on the current page, one line each (rule, impact, first targets).
 * Findings listed in a11y-known-issues.ts (owned elsewhere, with their fix) are logged, not returned.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const found: string[] = [];
  const known = new Map<string, number>();
  for (const v of result.violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue;
    for (const node of v.nodes) {
      const selector = node.target.join(' ');
      const testid = await page
        .locator(selector)
        .first()
        .evaluate((el) => el.closest('[data-testid]')?.getAttribute('data-testid') ?? '')
        .catch(() => '');
      const issue = knownIssues.find((k) => k.rule === v.id && k.testid.test(testid));
      const key = `${v.id} → ${issue?.owner}`;
      if (issue) known.set(key, (known.get(key) ?? 0) + 1);
      else found.push(`${v.id} (${v.impact}): ${selector} [${testid}]`);
    }
  }
  const path = new URL(page.url()).pathname;
  for (const [key, n] of known) console.warn(`known a11y issue on ${path}: ${key} (${n} elements)`);
  return found;
}

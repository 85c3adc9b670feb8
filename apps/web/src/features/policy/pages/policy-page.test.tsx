import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLang } from '@/lib/i18n.ts';
import { mockApi, renderApp } from '@/test/render-app.tsx';
import { policySections } from '../lib/policy-sections.ts';

describe('/policy/index', () => {
  it('is public and has the 10 sections of spec §2, each in the side menu', async () => {
    mockApi([]);
    renderApp('/policy/index');
    const page = await screen.findByTestId('policy-page');
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('隐私政策');
    const headings = within(page)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(headings).toHaveLength(10);
    expect(headings[0]).toBe('一、我们收集的个人信息');
    expect(headings[6]).toContain('13 岁以下儿童');

    const menu = screen.getByTestId('policy-menu');
    const links = within(menu).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(policySections.map((id) => `#policy-${id}`));
    for (const id of policySections) expect(document.getElementById(`policy-${id}`)).toBeTruthy();
    expect(screen.getByTestId('policy-email').getAttribute('href')).toMatch(/^mailto:privacy@/);
  });

  it('reads in English after switching, with the same sections', async () => {
    mockApi([]);
    renderApp('/policy/index');
    await screen.findByTestId('policy-page');
    await act(() => setLang('en'));
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual([
      '1. Personal data we collect',
      '2. How we use personal data and our legal basis',
      '3. How we share personal data',
      '4. International transfers',
      '5. Security and retention',
      '6. Your rights',
      '7. Children under 13',
      '8. Contact us',
      '9. Changes to this policy',
      '10. Others',
    ]);
    expect(screen.getByText(/Standard Contractual Clauses/)).toBeTruthy();
    await act(() => setLang('zh'));
  });
});

/** The app cell of the SDK and RTB reports (issue 25 item 5): one line, the key on hover and copy. */
import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { renderReportCell } from './report-cells.tsx';

describe('app cell', () => {
  it('shows the name on one line, the key on hover and a named copy button', async () => {
    await i18next.changeLanguage('en');
    const key = '304840dd260e032114955d7b8be0d58c';
    render(
      renderReportCell(
        'app_key',
        { app_key: key, app_name: 'Merge Kingdom' },
        i18next.getFixedT('en', 'reports'),
      ),
    );
    const cell = screen.getByTestId('app-cell');
    expect(cell.querySelector('br')).toBeNull();
    expect(cell.textContent).toBe('Merge Kingdom');
    expect(cell.getAttribute('title')).toContain(key);
    const copy = cell.querySelector('button, [role=button]');
    expect(copy).toBeTruthy();
    expect(copy?.getAttribute('aria-label')).toBeTruthy();
  });
});

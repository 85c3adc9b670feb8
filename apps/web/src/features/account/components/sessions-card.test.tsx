/**
 * The sessions card (issue 16 §4): this visit's session first whatever the server's order, and a long
 * list paged 10 at a time, as a table and as cards on a phone.
 */
import { endpoints } from '@portal/contracts/endpoints.ts';
import type { SessionItem } from '@portal/contracts/security.ts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PHONE_QUERY } from '@/lib/use-phone.ts';
import { screenMatching } from '@/test/media-query.ts';
import { mock, mockApi, renderApp, seedSession, sessionRoutes } from '@/test/render-app.tsx';

/** 23 sessions newest first, as the server lists them; this visit's is the 15th (Firefox 15). */
const sessions: SessionItem[] = Array.from({ length: 23 }, (_, i) => ({
  id: (i + 1).toString(16).padStart(16, '0'),
  device: `Firefox ${i + 1} · Linux`,
  ip: `10.0.0.${i + 1}`,
  created_at: `2026-11-${String(25 - i).padStart(2, '0')}T08:00:00.000Z`,
  last_seen_at: null,
  current: i === 14,
}));

const mockSecurity = () =>
  mockApi([
    ...sessionRoutes(),
    mock(endpoints.security.sessions, () => ({ list: sessions })),
    mock(endpoints.security.events, () => ({ list: [] })),
    mock(endpoints.security.twoFactor, () => ({
      enabled: false,
      required_by_organisation: false,
      must_enrol: false,
      recovery_codes_left: 0,
      can_set_policy: true,
    })),
  ]);

describe('sessions card', () => {
  it('lists this visit first and pages the rest 10 at a time', async () => {
    const user = userEvent.setup();
    mockSecurity();
    seedSession();
    renderApp('/account/security');
    const table = await screen.findByTestId('sessions-table', {}, { timeout: 60_000 });
    await within(table).findByText('Firefox 15 · Linux');
    const devices = () =>
      [...table.querySelectorAll('tbody tr.ant-table-row td:first-child')].map((td) =>
        td.textContent?.trim(),
      );
    expect(devices()).toEqual([
      'Firefox 15 · Linux 当前会话',
      ...Array.from({ length: 9 }, (_, i) => `Firefox ${i + 1} · Linux`),
    ]);
    await user.click(within(screen.getByTestId('sessions-card')).getByTitle('3'));
    expect(devices()).toEqual(['Firefox 21 · Linux', 'Firefox 22 · Linux', 'Firefox 23 · Linux']);
  });

  it('pages the cards the same way on a phone', async () => {
    screenMatching((q) => q === PHONE_QUERY);
    mockSecurity();
    seedSession();
    renderApp('/account/security');
    const cards = await screen.findByTestId('sessions-table-cards', {}, { timeout: 60_000 });
    const items = within(cards).getAllByRole('listitem');
    expect(items).toHaveLength(10);
    expect(items[0]?.querySelector('dd')?.textContent).toContain('Firefox 15 · Linux');
  });
});

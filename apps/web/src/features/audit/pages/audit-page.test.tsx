/**
 * The audit log (issue 16 §3) on a wide screen and on a phone: a table on a wide screen; on a phone
 * the filters stack and each entry is a card with every column titled, paged by the server.
 */
import { securityEndpoints } from '@portal/contracts/endpoints/security.ts';
import type { AuditEntry } from '@portal/contracts/security.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PHONE_QUERY } from '@/lib/use-phone.ts';
import { screenMatching } from '@/test/media-query.ts';
import { mock, mockApi, renderApp, seedSession, sessionRoutes } from '@/test/render-app.tsx';

const entry = (id: number): AuditEntry => ({
  id,
  at: '2026-11-20T08:30:00.000Z',
  actor_id: 1,
  actor_email: 'demo@example.com',
  company_id: 1,
  ip: '203.0.113.7',
  object_type: 'adpos',
  object_id: String(100 + id),
  action: 'update',
  before: { adpos_name: 'Home Banner' },
  after: { adpos_name: `Home Banner ${id}` },
});

function auditApi() {
  return mockApi([
    ...sessionRoutes(),
    mock(securityEndpoints.auditList, (c) => {
      const page = Number(c.query.get('page_no') ?? 1);
      return { list: page === 1 ? [entry(1), entry(2)] : [entry(21)], total: 21 };
    }),
  ]);
}

describe('audit log', () => {
  it('is a table on a wide screen', async () => {
    auditApi();
    seedSession();
    renderApp('/account/audit');
    const table = await screen.findByTestId('audit-table', {}, { timeout: 60_000 });
    await within(table).findByText('Home Banner 2');
    expect(table.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(2);
    expect(screen.queryByTestId('audit-table-cards')).toBeNull();
  });

  it('shows each entry as a titled card on a phone and pages through the server', async () => {
    screenMatching((q) => q === PHONE_QUERY);
    const api = auditApi();
    seedSession();
    renderApp('/account/audit');
    const cards = await screen.findByTestId('audit-table-cards', {}, { timeout: 60_000 });
    expect(screen.queryByTestId('audit-table')).toBeNull();
    const first = within(cards).getAllByRole('listitem')[0] as HTMLElement;
    const fields = new Map(
      [...first.querySelectorAll('.list-card-field')].map((f) => [
        f.querySelector('dt')?.textContent,
        f.querySelector('dd')?.textContent,
      ]),
    );
    expect(fields.get('IP 地址')).toBe('203.0.113.7');
    expect([...fields.values()].join(' ')).toContain('Home Banner 1');
    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() =>
      expect(within(screen.getByTestId('audit-table-cards')).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(api.callsTo(securityEndpoints.auditList).map((c) => c.query.get('page_no'))).toContain('2');
  });
});

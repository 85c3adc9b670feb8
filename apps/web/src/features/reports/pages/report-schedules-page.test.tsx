/**
 * The scheduled reports screen (issue 13 item 8): reachable from the reports menu, lists each
 * schedule with its last send and result, and creates one from a saved view for members' addresses.
 */
import { endpoints } from '@portal/contracts/endpoints.ts';
import type { ReportSchedule, ReportScheduleBody, SavedView } from '@portal/contracts/report-views.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Call, mock, mockApi, renderApp, seedSession, sessionRoutes } from '@/test/render-app.tsx';

const view: SavedView = {
  id: 5,
  kind: 'sdk',
  name: 'Team revenue',
  shared: true,
  query: { preset: 'last_7_days', fields: 'dt,revenue' },
  owner_name: 'Demo Admin',
  mine: true,
  updated_at: '2026-01-15T12:00:00.000Z',
};
const schedule: ReportSchedule = {
  id: 9,
  view_id: 5,
  view_name: 'Team revenue',
  kind: 'sdk',
  frequency: 'weekly',
  weekday: 1,
  hour: 8,
  timezone: 'Asia/Shanghai',
  recipients: ['demo@example.com'],
  format: 'xlsx',
  next_due_at: '2026-01-19T00:00:00.000Z',
  last_due_at: '2026-01-12T00:00:00.000Z',
  last_status: 'failed',
  last_error: 'the owner may not open this report (402)',
};

async function pick(testId: string, option: string) {
  const user = userEvent.setup();
  const select = await screen.findByTestId(testId);
  await user.click(select.querySelector('.ant-select-selector, .ant-select-content') ?? select);
  const options = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' });
  await user.click(options[options.length - 1] as HTMLElement);
}

describe('scheduled reports page', () => {
  beforeAll(async () => {
    await import('./report-schedules-page.tsx');
  }, 60_000);

  it('lists schedules with their result and creates one from a saved view', async () => {
    const user = userEvent.setup();
    seedSession();
    const api = mockApi([
      ...sessionRoutes(),
      mock(endpoints.reportViews.schedules, { list: [schedule] }),
      mock(endpoints.reportViews.recipients, {
        list: ['demo@example.com', 'member@example.com'],
      }),
      mock(endpoints.reportViews.list, (c: Call) => ({ list: c.query.get('kind') === 'sdk' ? [view] : [] })),
      mock(endpoints.reportViews.createSchedule, (c: Call) => ({
        ...schedule,
        ...(c.body as ReportScheduleBody),
        id: 10,
        last_status: null,
      })),
    ]);
    renderApp('/report/schedules');
    const page = await screen.findByTestId('report-schedules-page', {}, { timeout: 30_000 });
    const row = await within(page).findByText('Team revenue');
    const tr = row.closest('tr') as HTMLElement;
    expect(within(tr).getByText('失败').getAttribute('title')).toContain('402');
    expect(within(tr).getByText('星期一 08:00（Asia/Shanghai）')).toBeTruthy();
    expect(screen.getAllByText('定时报表').length).toBeGreaterThan(0);

    await user.click(screen.getByTestId('schedule-create'));
    await pick('schedule-view', 'Team revenue (SDK)');
    await pick('schedule-recipients', 'member@example.com');
    await user.click(screen.getByRole('button', { name: /^确\s*定$/ }));
    await waitFor(() => expect(api.callsTo(endpoints.reportViews.createSchedule)).toHaveLength(1));
    // Only the kinds the menu permits were asked for. Checked now that a view has been picked: the
    // views are asked for once the page has painted, which can come after the schedules are shown.
    expect(api.callsTo(endpoints.reportViews.list).map((c) => c.query.get('kind'))).toEqual(['sdk']);
    const body = api.callsTo(endpoints.reportViews.createSchedule)[0]?.body;
    expect(body).toMatchObject({
      view_id: 5,
      frequency: 'daily',
      weekday: null,
      hour: 8,
      recipients: ['member@example.com'],
      format: 'xlsx',
    });
  }, 120_000);
});

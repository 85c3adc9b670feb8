/**
 * Notifications on the web (issue 27 item 4): the navbar's bell shows the unread count and opens the
 * latest entries (an entry marks itself read and opens its object; "Mark all read"), the empty state,
 * the full list page with paging and "unread only", and the preferences tab saving per-kind channels;
 * a language switch is recorded for the mails.
 */
import { endpoints } from '@portal/contracts/endpoints.ts';
import type { NotificationItem } from '@portal/contracts/notifications.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLang } from '@/lib/i18n.ts';
import { mock, mockApi, type RouteMock, renderApp, seedSession, sessionRoutes } from '@/test/render-app.tsx';

const item = (id: number, read: boolean, extra: Partial<NotificationItem> = {}): NotificationItem => ({
  id,
  kind: 'app_approved',
  title: `App "Game ${id}" was approved`,
  body: `Operations approved your app "Game ${id}".`,
  link: `/apps/list?app_name=Game%20${id}`,
  read,
  created_at: new Date(Date.now() - id * 3_600_000).toISOString(),
  ...extra,
});

function routes(list: NotificationItem[], extra: RouteMock[] = []) {
  let state = list.map((n) => ({ ...n }));
  const unread = () => state.filter((n) => !n.read).length;
  return mockApi([
    ...sessionRoutes(),
    mock(endpoints.notifications.unreadCount, () => ({ unread: unread() })),
    mock(endpoints.notifications.list, (c) => {
      const size = Number(c.query.get('page_size') ?? 20);
      const no = Number(c.query.get('page_no') ?? 1);
      const shown = c.query.get('unread') === '1' ? state.filter((n) => !n.read) : state;
      return {
        list: shown.slice((no - 1) * size, no * size),
        total: shown.length,
        unread: unread(),
      };
    }),
    mock(endpoints.notifications.readAll, () => {
      const updated = unread();
      state = state.map((n) => ({ ...n, read: true }));
      return { updated };
    }),
    mock(endpoints.notifications.preferences, () => ({
      list: [
        {
          kind: 'app_approved',
          label: '应用审核通过',
          channels: 'both' as const,
          default_channels: 'both' as const,
        },
        {
          kind: 'member_joined',
          label: '新成员加入',
          channels: 'portal' as const,
          default_channels: 'portal' as const,
        },
      ],
    })),
    mock(endpoints.notifications.setPreferences, (c) => ({
      list: (c.body as { list: { kind: string; channels: 'portal' | 'email' | 'both' }[] }).list.map((p) => ({
        ...p,
        label: p.kind,
        default_channels: 'both' as const,
      })),
    })),
    mock(endpoints.account.setLanguage, null),
    ...extra,
    // Marking one read: PUT /v1/notifications/:id/read.
    mock(endpoints.notifications.read, (c) => {
      const id = Number(c.path.split('/')[3]);
      state = state.map((s) => (s.id === id ? { ...s, read: true } : s));
      return null;
    }),
  ]);
}

describe('the notification bell', () => {
  it('shows the unread count, opens the latest entries, and an entry opens its object marked read', async () => {
    const api = routes([item(1, false), item(2, false), item(3, true)]);
    seedSession();
    const { location } = renderApp('/account/index');
    const bell = await screen.findByTestId('notification-bell');
    await waitFor(() => expect(bell.getAttribute('aria-label')).toBe('通知，2 条未读'));
    expect(within(bell).getByText('2')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(bell);
    const panel = await screen.findByTestId('notification-panel');
    await within(panel).findByText('App "Game 1" was approved');
    expect(within(panel).getAllByRole('listitem')).toHaveLength(3);
    await user.click(within(panel).getByText('App "Game 2" was approved'));
    await waitFor(() => expect(location()).toBe('/apps/list?app_name=Game%202'));
    expect(api.callsTo(endpoints.notifications.read, { params: { id: 2 } })).toHaveLength(1);
    await waitFor(() => expect(bell.getAttribute('aria-label')).toBe('通知，1 条未读'));
  });

  it('marks all read from the panel, and says so when there is nothing', async () => {
    const api = routes([item(1, false)]);
    seedSession();
    renderApp('/account/index');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('notification-bell'));
    await user.click(await screen.findByTestId('notification-mark-all'));
    await waitFor(() => expect(api.callsTo(endpoints.notifications.readAll)).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByTestId('notification-bell').getAttribute('aria-label')).toBe('通知'),
    );
  });

  it('shows an empty state and links to the full list', async () => {
    routes([]);
    seedSession();
    const { location } = renderApp('/account/index');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('notification-bell'));
    expect(await screen.findByText('暂无通知')).toBeTruthy();
    await user.click(screen.getByTestId('notification-view-all'));
    await waitFor(() => expect(location()).toBe('/account/notifications'));
    expect(await screen.findByTestId('notifications-page')).toBeTruthy();
  });

  it('records a language switch for the mails', async () => {
    const api = routes([]);
    seedSession();
    renderApp('/account/index');
    await screen.findByTestId('notification-bell');
    await setLang('en');
    await waitFor(() => expect(api.callsTo(endpoints.account.setLanguage)[0]?.body).toEqual({ lang: 'en' }));
    await setLang('zh');
  });
});

describe('the notifications screen', () => {
  it('pages through every notification, filters the unread ones and marks them read', async () => {
    const many = Array.from({ length: 25 }, (_, i) => item(i + 1, i % 2 === 1));
    const api = routes(many);
    seedSession();
    renderApp('/account/notifications');
    const page = await screen.findByTestId('notifications-page');
    await within(page).findByText('App "Game 1" was approved');
    expect(within(page).getByTestId('notifications-unread').textContent).toBe('13 条未读');
    const user = userEvent.setup();
    await user.click(within(page).getByTitle('2'));
    await within(page).findByText('App "Game 21" was approved');
    await user.click(within(page).getByTestId('notifications-unread-only'));
    await waitFor(() =>
      expect(api.callsTo(endpoints.notifications.list).at(-1)?.query.get('unread')).toBe('1'),
    );
    await user.click(within(page).getByTestId('notifications-mark-all'));
    expect(await within(page).findByText('没有未读通知')).toBeTruthy();
    expect(api.callsTo(endpoints.notifications.readAll)).toHaveLength(1);
  });

  it('saves the channels chosen per kind', async () => {
    const api = routes([]);
    seedSession();
    renderApp('/account/notifications?tab=preferences');
    const group = await screen.findByTestId('preference-app_approved');
    expect((screen.getByTestId('preferences-save') as HTMLButtonElement).disabled).toBe(true);
    const user = userEvent.setup();
    await user.click(within(group).getByText('邮件'));
    await user.click(screen.getByTestId('preferences-save'));
    await waitFor(() =>
      expect(api.callsTo(endpoints.notifications.setPreferences)[0]?.body).toEqual({
        list: [{ kind: 'app_approved', channels: 'email' }],
      }),
    );
    expect(await screen.findByText('偏好已保存')).toBeTruthy();
  });
});

import { endpoints } from '@portal/contracts/endpoints.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { Answer } from '@/test/mock-endpoint.ts';
import {
  demoUser,
  failure,
  mock,
  mockApi,
  renderApp,
  seedSession,
  sessionRoutes,
  untilEnabled,
} from '@/test/render-app.tsx';

/** Clears the field, then types the value key by key. */
async function fill(user: UserEvent, id: string, value: string) {
  const input = document.getElementById(id) as HTMLInputElement;
  await user.clear(input);
  await user.type(input, value);
}

describe('change password page', () => {
  it('marks a wrong old password (606) with "incorrect password", then saves with PUT', async () => {
    const user = userEvent.setup();
    await i18next.changeLanguage('en');
    seedSession();
    let answer: Answer | null = failure(606, 'Incorrect password');
    const api = mockApi([...sessionRoutes(), mock(endpoints.account.changePassword, () => answer)]);
    renderApp('/account/modPassword');
    await screen.findByTestId('mod-password-submit', {}, { timeout: 20_000 });
    await user.click(screen.getByTestId('mod-password-submit'));
    expect(await screen.findByText('Please input the old password')).toBeTruthy();
    // antd validates the fields one by one: each message may come a render later on a loaded machine.
    expect(await screen.findByText('Please input password')).toBeTruthy();
    expect(await screen.findByText('Please enter confirmed passwords')).toBeTruthy();

    await fill(user, 'old_password', 'Wrong12345');
    await fill(user, 'new_password', 'Better12345');
    await fill(user, 'confirm', 'Better12345');
    // The submit button stays disabled for 1 s after a click (spec §4).
    await untilEnabled('mod-password-submit');
    await user.click(screen.getByTestId('mod-password-submit'));
    expect(await screen.findByText('incorrect password')).toBeTruthy();
    expect(api.callsTo(endpoints.account.changePassword)[0]?.body).toEqual({
      old_password: 'Wrong12345',
      new_password: 'Better12345',
    });

    answer = null;
    await fill(user, 'old_password', 'Demo12345');
    // The submit button stays disabled for 1 s after a click (spec §4).
    await untilEnabled('mod-password-submit');
    await user.click(screen.getByTestId('mod-password-submit'));
    expect(
      await screen.findByText('Your password has been changed; your other sessions have been signed out'),
    ).toBeTruthy();
    await waitFor(() => expect((document.getElementById('old_password') as HTMLInputElement).value).toBe(''));
  }, 45_000);
});

describe('account info page', () => {
  it('shows email, organisation, account id, roles and status', async () => {
    seedSession();
    mockApi(sessionRoutes());
    renderApp('/account/index');
    expect((await screen.findByTestId('info-email', {}, { timeout: 20_000 })).textContent).toBe(
      demoUser.email,
    );
    expect(screen.getByTestId('info-company').textContent).toBe('Demo Games');
    expect(screen.getByTestId('info-account-id').textContent).toContain('1');
    expect(screen.getByText('超级管理员')).toBeTruthy();
    expect(screen.getByTestId('info-status').textContent).toBe('已激活');
  }, 45_000);

  it('saves the report time zone with PUT, keeps the answer in the session, and offers the network zone back', async () => {
    const user = userEvent.setup();
    await i18next.changeLanguage('en');
    seedSession();
    let saved = demoUser;
    const api = mockApi([
      ...sessionRoutes(),
      mock(endpoints.account.userInfo, () => [saved]),
      mock(endpoints.account.setTimezone, (call) => {
        saved = { ...demoUser, timezone: (call.body as { timezone: string | null }).timezone };
        return saved;
      }),
    ]);
    renderApp('/account/index');
    const select = await screen.findByTestId('info-timezone', {}, { timeout: 20_000 });
    expect(select.textContent).toContain('Network time zone (UTC)');
    const input = within(select).getByRole('combobox');
    await user.click(input);
    await user.keyboard('Asia/Tokyo');
    await user.click(await screen.findByTitle('Asia/Tokyo'));
    await waitFor(() =>
      expect(api.callsTo(endpoints.account.setTimezone)[0]?.body).toEqual({ timezone: 'Asia/Tokyo' }),
    );
    expect(await screen.findByText('Time zone saved')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('userInfo') ?? '{}').timezone).toBe('Asia/Tokyo');
    await waitFor(() => expect(screen.getByTestId('info-timezone').textContent).toContain('Asia/Tokyo'));
  }, 45_000);
});

import type { PublicKeyData } from '@portal/contracts/account.ts';
import { endpoints } from '@portal/contracts/endpoints.ts';
import { signFields } from '@portal/contracts/sign.ts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import i18next from 'i18next';
import { compactDecrypt, exportSPKI, generateKeyPair } from 'jose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Call, failure, mock, mockApi, renderApp, untilEnabled } from '@/test/render-app.tsx';

let keyPair: Awaited<ReturnType<typeof generateKeyPair>>;
let keyReply: PublicKeyData;

beforeAll(async () => {
  keyPair = await generateKeyPair('RSA-OAEP-256', { extractable: true });
  keyReply = {
    kid: 'k1',
    alg: 'RSA-OAEP-256',
    enc: 'A256GCM',
    public_key: await exportSPKI(keyPair.publicKey),
  };
});

afterEach(() => {
  vi.useRealTimers();
});

/** The decrypted, signed plaintext of an encrypted call. */
async function plaintextOf(call: Call): Promise<Record<string, unknown>> {
  const out = await compactDecrypt((call.body as { data: string }).data, keyPair.privateKey);
  return JSON.parse(new TextDecoder().decode(out.plaintext));
}

/** Clears the field, then types the value key by key. */
async function fill(user: UserEvent, id: string, value: string) {
  const input = document.getElementById(id) as HTMLInputElement;
  await user.clear(input);
  if (value) await user.type(input, value);
}

describe('reset password page (spec §2, §5)', () => {
  it('shows every required message of spec §5 in Chinese, and the hint', async () => {
    const user = userEvent.setup();
    mockApi([]);
    renderApp('/resetPassword');
    await user.click(await screen.findByTestId('reset-submit'));
    // antd validates the fields one by one: each message may come a render after the one before.
    expect(await screen.findByText('请输入登录邮箱')).toBeTruthy();
    expect(await screen.findByText('请输入密码')).toBeTruthy();
    expect(await screen.findByText('请输入确认密码')).toBeTruthy();
    expect(await screen.findByText('请输入邮箱验证码')).toBeTruthy();
  });

  it('checks format, password rule and confirmation with the exact English texts', async () => {
    const user = userEvent.setup();
    await i18next.changeLanguage('en');
    const api = mockApi([]);
    renderApp('/resetPassword');
    await screen.findByTestId('reset-submit');
    expect(
      screen.getByText(
        '8 or up to 30 characters with at least one uppercase, at least one lowercase, at least one numeric digit.',
      ),
    ).toBeTruthy();
    await fill(user, 'email', 'nope');
    await fill(user, 'password', 'short');
    await fill(user, 'confirm', 'different');
    await user.click(screen.getByTestId('reset-submit'));
    expect(await screen.findByText('The mailbox format is incorrect')).toBeTruthy();
    // antd validates the fields one by one: each message may come a render later on a loaded machine.
    expect(await screen.findByText('Password format error')).toBeTruthy();
    expect(await screen.findByText('Confirm Password must be equal to New Password')).toBeTruthy();
    expect(await screen.findByText('Please enter email verification code')).toBeTruthy();
    await fill(user, 'email', '');
    await fill(user, 'password', '');
    await fill(user, 'confirm', '');
    // The submit button stays disabled for 1 s after a click (spec §4).
    await untilEnabled('reset-submit');
    await user.click(screen.getByTestId('reset-submit'));
    expect(await screen.findByText('Please input login email')).toBeTruthy();
    // antd validates the fields one by one: each message may come a render later on a loaded machine.
    expect(await screen.findByText('Please input password')).toBeTruthy();
    expect(await screen.findByText('Please enter confirmed passwords')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('needs a valid email before sending a code', async () => {
    const user = userEvent.setup();
    const api = mockApi([]);
    renderApp('/resetPassword');
    await user.click(await screen.findByTestId('send-code'));
    expect(await screen.findByText('请输入登录邮箱')).toBeTruthy();
    await fill(user, 'email', 'bad@');
    await user.click(screen.getByTestId('send-code'));
    expect(await screen.findByText('邮箱格式不正确')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('sends an encrypted, signed code request, then counts down 10 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const api = mockApi([
      mock(endpoints.account.publicKey, () => keyReply),
      mock(endpoints.account.sendEmailCode, null),
    ]);
    renderApp('/resetPassword');
    await waitFor(() => expect(document.getElementById('email')).not.toBeNull());
    await fill(user, 'email', ' a@b.co ');
    const button = screen.getByTestId('send-code') as HTMLButtonElement;
    await user.click(button);
    await waitFor(() => expect(button.disabled).toBe(true));
    expect(button.textContent?.replace(/\s/g, '')).toContain('10秒后重新发送');

    const plain = await plaintextOf(api.callsTo(endpoints.account.sendEmailCode)[0] as Call);
    expect(plain).toMatchObject({ email: 'a@b.co', type: 'reset', plat_type: 4 });
    expect(plain.sign).toBe(await signFields('portal-dev-sign-key', plain));

    await act(async () => {
      vi.advanceTimersByTime(5000);
    });
    expect(button.textContent?.replace(/\s/g, '')).toContain('5秒后重新发送');
    expect(button.disabled).toBe(true);
    await act(async () => {
      vi.advanceTimersByTime(5000);
    });
    await waitFor(() => expect(button.disabled).toBe(false));
    expect(button.textContent?.replace(/\s/g, '')).toBe('发送验证码');
  });

  it('resets with the code, then goes back to /login', async () => {
    const user = userEvent.setup();
    const api = mockApi([
      mock(endpoints.account.publicKey, () => keyReply),
      mock(endpoints.account.forgotPassword, null),
    ]);
    const app = renderApp('/resetPassword');
    await screen.findByTestId('reset-submit');
    await fill(user, 'email', 'a@b.co');
    await fill(user, 'password', 'NewPass123');
    await fill(user, 'confirm', 'NewPass123');
    await fill(user, 'code', '123456');
    await user.click(screen.getByTestId('reset-submit'));
    await waitFor(() => expect(app.location()).toBe('/login'));
    const plain = await plaintextOf(api.callsTo(endpoints.account.forgotPassword)[0] as Call);
    expect(plain).toMatchObject({ email: 'a@b.co', password: 'NewPass123', code: '123456', plat_type: 4 });
    expect(plain.sign).toBe(await signFields('portal-dev-sign-key', plain));
    expect(await screen.findByText('密码已重置，请使用新密码登录')).toBeTruthy();
  });

  it('shows the server message of a wrong code and stays', async () => {
    const user = userEvent.setup();
    mockApi([
      mock(endpoints.account.publicKey, () => keyReply),
      mock(endpoints.account.forgotPassword, failure(10005, '验证码错误或已过期')),
    ]);
    const app = renderApp('/resetPassword');
    await screen.findByTestId('reset-submit');
    await fill(user, 'email', 'a@b.co');
    await fill(user, 'password', 'NewPass123');
    await fill(user, 'confirm', 'NewPass123');
    await fill(user, 'code', '000000');
    await user.click(screen.getByTestId('reset-submit'));
    expect(await screen.findByText('验证码错误或已过期')).toBeTruthy();
    expect(app.location()).toBe('/resetPassword');
  });
});

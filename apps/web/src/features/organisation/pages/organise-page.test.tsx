import type { UserInfo } from '@portal/contracts/account.ts';
import { endpoints } from '@portal/contracts/endpoints.ts';
import { signFields } from '@portal/contracts/sign.ts';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getCookie } from '@/lib/cookie.ts';
import { StorageKey } from '@/lib/storage-keys.ts';
import {
  type Call,
  demoUser,
  failure,
  mock,
  mockApi,
  renderApp,
  seedSession,
  untilEnabled,
} from '@/test/render-app.tsx';

const newcomer: UserInfo = {
  ...demoUser,
  user_id: 9,
  email: 'new@example.com',
  name: 'New User',
  company_id: null,
  company_name: null,
  company_status: 0,
  account_id: null,
  opt_permission: [],
  cooperation_types: [],
};
const accountMenu = [
  {
    key: 'menu.accountManagement',
    path: '/account',
    children: [{ key: 'menu.accountInfo', path: '/account/index' }],
  },
];

async function fill(user: UserEvent, id: string, value: string) {
  await user.type(document.getElementById(id) as HTMLInputElement, value);
}

async function expectSigned(call: Call | undefined, fields: Record<string, unknown>) {
  const body = call?.body as Record<string, unknown>;
  expect(body).toMatchObject({ ...fields, plat_type: 4 });
  expect(Math.abs(Number(body.timestamp) - Date.now() / 1000)).toBeLessThan(60);
  expect(body.sign).toBe(await signFields('portal-dev-sign-key', body));
}

describe('organize page (spec §4)', () => {
  it('creates an organisation: company → account → bind (new token) → role 67 → home', async () => {
    const user = userEvent.setup();
    seedSession('old-token', newcomer);
    localStorage.setItem(StorageKey.companyStatus, '0');
    let info: UserInfo = newcomer;
    const api = mockApi([
      mock(endpoints.account.userInfo, () => [info]),
      mock(endpoints.account.menu, accountMenu),
      mock(endpoints.organisation.companySignup, { company_id: 11 }),
      mock(endpoints.organisation.accountSignup, { account_id: 22 }),
      mock(endpoints.organisation.bindAccount, () => {
        info = { ...newcomer, company_id: 11, company_name: 'Acme', account_id: 22, company_status: 1 };
        return {
          new_token: 'new-token',
          account_id: 22,
          is_first_join: true,
        };
      }),
      mock(endpoints.organisation.addOptPermission, {
        user_id: 9,
        role_ids: [67],
      }),
    ]);
    const app = renderApp('/organize');
    await screen.findByTestId('create-submit');
    await fill(user, 'company_name', '  Acme  ');
    await user.click(screen.getByTestId('create-submit'));
    await waitFor(() => expect(app.location()).toBe('/home'));

    const flow = api.calls.filter((c) => c.method === 'POST').map((c) => c.path);
    const o = endpoints.organisation;
    expect(flow).toEqual(
      [o.companySignup, o.accountSignup, o.bindAccount, o.addOptPermission].map((e) => e.path),
    );
    const [company, account, bind, role] = api.calls.filter((c) => c.method === 'POST');
    await expectSigned(company, { is_publisher: 1, company_name: 'Acme' });
    await expectSigned(account, { account_name: 'Acme', company_id: 11 });
    await expectSigned(bind, { bind_type: 2, account_id: 22 });
    await expectSigned(role, { account_id: 22, user_id: 9, role_ids: [67] });
    expect(company?.headers.get('token')).toBe('old-token');
    expect(role?.headers.get('token')).toBe('new-token');
    expect(getCookie('token')).toBe('new-token');
    expect(localStorage.getItem(StorageKey.companyStatus)).toBe('1');
    expect(JSON.parse(localStorage.getItem(StorageKey.userInfo) ?? '{}').company_name).toBe('Acme');
    expect(await screen.findByText('组织已创建')).toBeTruthy();
  });

  it('resumes at the failed step instead of creating a second company', async () => {
    const user = userEvent.setup();
    seedSession('old-token', newcomer);
    let accountTries = 0;
    const api = mockApi([
      mock(endpoints.account.userInfo, [newcomer]),
      mock(endpoints.account.menu, accountMenu),
      mock(endpoints.organisation.companySignup, { company_id: 11 }),
      mock(endpoints.organisation.accountSignup, () =>
        ++accountTries === 1 ? failure(602, 'x') : { account_id: 22 },
      ),
      mock(endpoints.organisation.bindAccount, {
        new_token: 'new-token',
        account_id: 22,
        is_first_join: true,
      }),
      mock(endpoints.organisation.addOptPermission, {
        user_id: 9,
        role_ids: [67],
      }),
    ]);
    const app = renderApp('/organize');
    await screen.findByTestId('create-submit');
    await fill(user, 'company_name', 'Acme');
    await user.click(screen.getByTestId('create-submit'));
    expect(await screen.findByText('系统错误')).toBeTruthy();
    // The submit button stays disabled for 1 s after a click (spec §4).
    await untilEnabled('create-submit');
    await user.click(screen.getByTestId('create-submit'));
    await waitFor(() => expect(app.location()).toBe('/home'));
    expect(api.callsTo(endpoints.organisation.companySignup)).toHaveLength(1);
    expect(api.callsTo(endpoints.organisation.accountSignup)).toHaveLength(2);
  });

  it('joins by Super Email with a reason, stores the new token, asks for role 68; home shows pending', async () => {
    const user = userEvent.setup();
    seedSession('old-token', newcomer);
    let info: UserInfo = newcomer;
    const api = mockApi([
      mock(endpoints.account.userInfo, () => [info]),
      mock(endpoints.account.menu, accountMenu),
      mock(endpoints.organisation.bindAccount, () => {
        info = {
          ...newcomer,
          company_id: 1,
          company_name: 'Demo',
          account_id: 1,
          status: 3,
          company_status: 3,
        };
        return {
          new_token: 'joined-token',
          account_id: 1,
          is_first_join: false,
        };
      }),
      mock(endpoints.organisation.addOptPermission, {
        user_id: 9,
        role_ids: [68],
      }),
    ]);
    const app = renderApp('/organize');
    await user.click(await screen.findByTestId('tab-join'));
    await screen.findByTestId('join-submit');
    await user.click(screen.getByTestId('join-submit'));
    // antd validates the fields one by one: each message may come a render after the one before.
    expect(await screen.findByText('请输入超级管理员邮箱')).toBeTruthy();
    expect(await screen.findByText('请输入申请理由')).toBeTruthy();
    await fill(user, 'email', 'demo@example.com');
    await fill(user, 'reason', 'I run the Demo Games ad ops');
    // The submit button stays disabled for 1 s after a click (spec §4).
    await untilEnabled('join-submit');
    await user.click(screen.getByTestId('join-submit'));
    await waitFor(() => expect(app.location()).toBe('/home'));
    const [bind, role] = api.calls.filter((c) => c.method === 'POST');
    await expectSigned(bind, {
      bind_type: 1,
      email: 'demo@example.com',
      reason: 'I run the Demo Games ad ops',
    });
    await expectSigned(role, { account_id: 1, user_id: 9, role_ids: [68] });
    expect(role?.headers.get('token')).toBe('joined-token');
    expect(localStorage.getItem(StorageKey.companyStatus)).toBe('3');
    expect(await screen.findByText(/加入组织申请正在审核中/)).toBeTruthy();
  });
});

import type { MenuItem } from '@portal/contracts/account.ts';
import { endpoints } from '@portal/contracts/endpoints.ts';
import type {
  DataPermissionBody,
  DataPermissionEntry,
  MemberItem,
  UserRolesBody,
  UserStatusBody,
} from '@portal/contracts/members.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { failure, mock, mockApi, renderApp, seedSession, sessionRoutes } from '@/test/render-app.tsx';

const adminMenu: MenuItem[] = [
  { key: 'menu.userManagement', path: '/users' },
  { key: 'menu.roleManagement', path: '/roles' },
];

const member = (user_id: number, status: number, extra: Partial<MemberItem> = {}): MemberItem => ({
  user_id,
  email: `u${user_id}@example.com`,
  name: `User ${user_id}`,
  user_name: `u${user_id}`,
  status,
  role_ids: [68],
  join_reason: status === 3 ? 'please let me in' : null,
  created_at: '2026-01-02T03:04:05.000Z',
  ...extra,
});

const list = [
  member(1, 1, { email: 'demo@example.com', role_ids: [67] }),
  member(2, 3),
  member(3, 1),
  member(4, 2),
];

/** The checkbox input of an antd Checkbox carrying a test id (on the input or its wrapper). */
function inputOf(el: HTMLElement): HTMLElement {
  return el.tagName === 'INPUT' ? el : (el.querySelector('input') as HTMLElement);
}

type User = ReturnType<typeof userEvent.setup>;

async function confirm(user: User, testId: string) {
  await user.click(await screen.findByTestId(testId));
  const ok = await screen.findAllByTestId('confirm-ok');
  await user.click(ok[ok.length - 1] as HTMLElement);
}

/** What may be granted to user 3 (its editor's `options`). */
const permOptions: DataPermissionEntry[] = [
  { type: 3, rule: 'key-a', name: 'App A' },
  { type: 3, rule: 'key-b', name: 'App B' },
  { type: 5, rule: 'chan-x', name: 'chan-x' },
];

describe('users page (spec §2 users page, §3 statuses)', () => {
  it('lists members with the status labels and paginates on the server', async () => {
    const user = userEvent.setup();
    seedSession();
    const api = mockApi([
      ...sessionRoutes(adminMenu),
      mock(endpoints.members.list, (c) => ({
        list: c.query.get('page_no') === '2' ? [member(11, 1)] : list,
        total: 14,
      })),
    ]);
    renderApp('/users');
    const table = await screen.findByTestId('users-table', {}, { timeout: 20_000 });
    await within(table).findByText('u2@example.com');
    for (const label of ['已激活', '新申请', '未激活'])
      expect(within(table).getAllByText(label).length).toBeGreaterThan(0);
    expect(within(table).getByText('please let me in')).toBeTruthy();
    // The admin's own row has no actions.
    expect(screen.queryByTestId('inactivate-1')).toBeNull();
    expect(api.callsTo(endpoints.members.list)[0]?.query.get('page_size')).toBe('10');

    await user.click(screen.getByTitle('2'));
    await within(table).findByText('u11@example.com');
    expect(api.callsTo(endpoints.members.list).at(-1)?.query.get('page_no')).toBe('2');
  }, 45_000);

  it('approves, inactivates, reactivates and deletes through the right endpoints after a confirm', async () => {
    const user = userEvent.setup();
    seedSession();
    const api = mockApi([
      ...sessionRoutes(adminMenu),
      mock(endpoints.members.list, { list, total: 4 }),
      mock(endpoints.members.setStatus, (c) => {
        const body = c.body as UserStatusBody;
        return member(body.user_id, body.status);
      }),
      mock(endpoints.members.remove, null),
    ]);
    renderApp('/users');
    await screen.findByText('u2@example.com');

    await confirm(user, 'approve-2');
    await waitFor(() => expect(api.callsTo(endpoints.members.setStatus)).toHaveLength(1));
    expect(api.callsTo(endpoints.members.setStatus)[0]?.body).toEqual({ user_id: 2, status: 1 });
    expect(await screen.findByText('已通过申请')).toBeTruthy();

    await new Promise((r) => setTimeout(r, 1100));
    await confirm(user, 'inactivate-3');
    await waitFor(() => expect(api.callsTo(endpoints.members.setStatus)).toHaveLength(2));
    expect(api.callsTo(endpoints.members.setStatus)[1]?.body).toEqual({ user_id: 3, status: 2 });

    await new Promise((r) => setTimeout(r, 1100));
    await confirm(user, 'reactivate-4');
    await waitFor(() => expect(api.callsTo(endpoints.members.setStatus)).toHaveLength(3));
    expect(api.callsTo(endpoints.members.setStatus)[2]?.body).toEqual({ user_id: 4, status: 1 });

    await new Promise((r) => setTimeout(r, 1100));
    await confirm(user, 'delete-4');
    await waitFor(() => expect(api.callsTo(endpoints.members.remove)).toHaveLength(1));
    const del = api.callsTo(endpoints.members.remove)[0];
    expect(del?.body).toEqual({ user_id: 4 });
    // The list reloads after each change.
    expect(api.callsTo(endpoints.members.list).length).toBeGreaterThan(1);
  });

  it('shows the server message when a transition is refused, in English', async () => {
    const user = userEvent.setup();
    await i18next.changeLanguage('en');
    seedSession();
    mockApi([
      ...sessionRoutes(adminMenu),
      mock(endpoints.members.list, { list, total: 4 }),
      mock(endpoints.members.setStatus, failure(10007, 'This status change is not allowed')),
    ]);
    renderApp('/users');
    await screen.findByText('u3@example.com');
    expect(screen.getAllByText('new application').length).toBeGreaterThan(0);
    await confirm(user, 'inactivate-3');
    expect(await screen.findByText('This status change is not allowed')).toBeTruthy();
  });
});

describe('roles page (spec §6)', () => {
  it('assigns 67/68 and saves data permissions from the server options', async () => {
    const user = userEvent.setup();
    seedSession();
    const api = mockApi([
      ...sessionRoutes(adminMenu),
      mock(endpoints.members.list, {
        list: [list[0] as MemberItem, list[2] as MemberItem],
        total: 2,
      }),
      mock(endpoints.members.roles, [
        { id: 70, name: 'ops', assignable: false },
        { id: 67, name: 'admin', assignable: true },
        { id: 68, name: 'member', assignable: true },
      ]),
      mock(endpoints.members.setRoles, (c) => {
        const body = c.body as UserRolesBody;
        return member(body.user_id, 1, { role_ids: body.role_ids });
      }),
      mock(endpoints.members.dataPermission, {
        user_id: 3,
        granted: [permOptions[0] as DataPermissionEntry],
        options: permOptions,
      }),
      // The server answers the member's editor with the new grants (not the request's `permissions`).
      mock(endpoints.members.setDataPermission, (c) => {
        const body = c.body as DataPermissionBody;
        return {
          user_id: body.user_id,
          granted: permOptions.filter((o) =>
            body.permissions.some((p) => p.type === o.type && p.rule === o.rule),
          ),
          options: permOptions,
        };
      }),
    ]);
    renderApp('/roles');
    // A cold run transforms the lazy screen chunks first.
    expect(await screen.findByTestId('role-entry-70', {}, { timeout: 20_000 })).toBeTruthy();
    // The signed-in admin's own role cannot be changed here (the server refuses it too).
    const own = await screen.findByTestId('role-own-1');
    expect(own.querySelector('.ant-select-disabled')).toBeTruthy();
    expect(screen.getByTestId('role-entry-70').textContent).toContain('不可分配');

    // Role select of user 3: pick super admin.
    const select = await screen.findByTestId('role-3');
    await user.click(select.querySelector('.ant-select-selector, .ant-select-content, input') ?? select);
    const options = await screen.findAllByText('超级管理员');
    await user.click(options[options.length - 1] as HTMLElement);
    // A role change asks for confirmation first (issue 14 item 6); nothing is sent before it.
    const ok = await screen.findByTestId('role-confirm-ok');
    expect(screen.getByText(/的角色改为「超级管理员」/)).toBeTruthy();
    expect(api.callsTo(endpoints.members.setRoles)).toHaveLength(0);
    await user.click(ok);
    await waitFor(() => expect(api.callsTo(endpoints.members.setRoles)).toHaveLength(1));
    expect(api.callsTo(endpoints.members.setRoles)[0]?.body).toEqual({ user_id: 3, role_ids: [67] });

    await user.click(screen.getByTestId('perm-open-3'));
    const keyB = await screen.findByTestId('perm-3:key-b');
    await user.click(inputOf(keyB));
    await user.click(await screen.findByTestId('perm-tab-5'));
    const chan = await screen.findByTestId('perm-5:chan-x');
    await user.click(inputOf(chan));
    await user.click(screen.getByTestId('perm-save'));
    await waitFor(() => expect(api.callsTo(endpoints.members.setDataPermission)).toHaveLength(1));
    const put = api.callsTo(endpoints.members.setDataPermission)[0];
    expect(put?.body).toEqual({
      user_id: 3,
      permissions: [
        { type: 3, rule: 'key-a' },
        { type: 3, rule: 'key-b' },
        { type: 5, rule: 'chan-x' },
      ],
    });
    expect(await screen.findByText('保存成功')).toBeTruthy();
  }, 45_000);
});

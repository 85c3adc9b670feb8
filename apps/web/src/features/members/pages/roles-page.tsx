/**
 * /roles (spec §6; role 67/70): the role catalogue (70 shown, not assignable), each active member's
 * organisation role (67 super admin / 68 member) and a data-permission editor per member. Opened with
 * `?user=<id>` (the users page's Edit) it opens that member's editor. The table is the list-page
 * scaffold's (no filters).
 */
import '../i18n.ts';
import { Role, UserStatus } from '@portal/contracts/constants.ts';
import type { MemberItem } from '@portal/contracts/members.ts';
import { Button, type ButtonProps, Empty, Modal, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListPage } from '@/components/list-page/list-page.tsx';
import type { ListColumn } from '@/components/list-page/list-table.tsx';
import { runChange } from '@/components/list-page/run-change.ts';
import { useListState } from '@/components/list-page/use-list-state.ts';
import { useSession } from '@/lib/use-session.ts';
import { useRoles, useSetUserRole, useUsers } from '../api/members-api.ts';
import { DataPermissionDrawer } from '../components/data-permission-drawer.tsx';
import { RoleTags } from '../components/status-tag.tsx';

/** Role management screen. */
export default function RolesPage() {
  const { t } = useTranslation('members');
  const { userInfo } = useSession();
  const [params, setParams] = useSearchParams();
  const state = useListState({});
  const users = useUsers({ ...state.params, status: UserStatus.ACTIVE });
  const roles = useRoles();
  const setRole = useSetUserRole();
  const [editing, setEditing] = useState<MemberItem | null>(null);
  const wanted = Number(params.get('user')) || null;

  useEffect(() => {
    const hit = wanted ? users.data?.list.find((u) => u.user_id === wanted) : undefined;
    if (hit) setEditing(hit);
  }, [wanted, users.data]);

  const closeEditor = () => {
    setEditing(null);
    if (params.has('user')) setParams({}, { replace: true });
  };

  const assignable = (roles.data ?? []).filter((r) => r.assignable);
  // A role change is confirmed first (issue 14 item 6).
  const [pending, setPending] = useState<{ user: MemberItem; roleId: 67 | 68 } | null>(null);
  const onConfirm = async () => {
    if (!pending) return;
    const { user, roleId } = pending;
    setPending(null);
    // A refusal is shown by the request client with the server's reason (own role, owner, last admin).
    await runChange(
      () => setRole.mutateAsync({ user_id: user.user_id, role_ids: [roleId] }),
      t('roles.saved'),
    );
  };

  const columns: ListColumn<MemberItem>[] = [
    { title: t('columns.email'), dataIndex: 'email', width: 240, ellipsis: true },
    {
      title: t('columns.name'),
      dataIndex: 'name',
      width: 160,
      ellipsis: true,
      render: (v: string) => v || '-',
    },
    {
      title: t('roles.orgRole'),
      key: 'role',
      width: 220,
      render: (_, u) => {
        const current = u.role_ids.includes(Role.ADMIN) ? Role.ADMIN : Role.MEMBER;
        // The server refuses a change of one's own role (10024); the page does not offer it.
        const self = u.user_id === userInfo?.user_id;
        const select = (
          <Select
            data-testid={`role-${u.user_id}`}
            aria-label={t('roles.roleOf', { name: u.name || u.email })}
            value={current}
            style={{ width: 180 }}
            disabled={self || setRole.isPending || assignable.length === 0}
            onChange={(v: 67 | 68) => setPending({ user: u, roleId: v })}
            options={assignable.map((r) => ({ value: r.id, label: t(`common:roles.${r.id}`) }))}
          />
        );
        return self ? (
          <Tooltip title={t('roles.ownRole')}>
            <span data-testid={`role-own-${u.user_id}`}>{select}</span>
          </Tooltip>
        ) : (
          select
        );
      },
    },
    {
      title: t('roles.otherRoles'),
      key: 'other',
      width: 150,
      render: (_, u) => <RoleTags roleIds={u.role_ids.filter((id) => id === Role.OPS)} />,
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 160,
      render: (_, u) => (
        <Button type="link" size="small" onClick={() => setEditing(u)} data-testid={`perm-open-${u.user_id}`}>
          {t('roles.dataPermission')}
        </Button>
      ),
    },
  ];

  return (
    <ListPage<MemberItem, Record<string, never>>
      title={t('roles.title')}
      testId="roles-page"
      intro={
        <Space orientation="vertical" size={4} style={{ marginBottom: 16 }}>
          <Typography.Text strong>{t('roles.catalogue')}</Typography.Text>
          <Space wrap>
            {(roles.data ?? []).map((r) => (
              <Tag key={r.id} color={r.assignable ? 'blue' : 'default'} data-testid={`role-entry-${r.id}`}>
                {t(`common:roles.${r.id}`, { defaultValue: r.name })}
                {r.assignable ? '' : ` · ${t('roles.notAssignable')}`}
              </Tag>
            ))}
          </Space>
          <Typography.Text type="secondary">{t('roles.hint')}</Typography.Text>
        </Space>
      }
      state={state}
      query={users}
      table={{
        testId: 'roles-table',
        rowKey: 'user_id',
        columns,
        totalText: (total) => t('total', { total }),
        emptyText: <Empty description={users.isError ? t('loadFailed') : t('roles.empty')} />,
        rowClassName: (u) => (u.user_id === userInfo?.user_id ? 'row-self' : ''),
      }}
    >
      <DataPermissionDrawer user={editing} onClose={closeEditor} />
      <Modal
        open={pending !== null}
        title={t('roles.confirmTitle')}
        okText={t('roles.confirmOk')}
        onOk={onConfirm}
        onCancel={() => setPending(null)}
        okButtonProps={{ 'data-testid': 'role-confirm-ok' } as ButtonProps}
        cancelButtonProps={{ 'data-testid': 'role-confirm-cancel' } as ButtonProps}
      >
        {pending &&
          t('roles.confirmBody', {
            name: pending.user.name || pending.user.email,
            role: t(`common:roles.${pending.roleId}`),
          })}
      </Modal>
    </ListPage>
  );
}

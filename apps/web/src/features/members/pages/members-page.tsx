/**
 * /users (spec §2 users page, §3 statuses; role 67/70), on the list-page scaffold: the organisation's
 * members with their status badge, filters by status and email with Search and Reset, approve /
 * inactivate / reactivate / delete with confirms, pagination.
 */
import '../i18n.ts';
import { PlusOutlined } from '@ant-design/icons';
import type { MemberItem } from '@portal/contracts/members.ts';
import { Button, Empty, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterField } from '@/components/list-page/filter-bar.tsx';
import { ListPage } from '@/components/list-page/list-page.tsx';
import type { ListColumn } from '@/components/list-page/list-table.tsx';
import { useListState } from '@/components/list-page/use-list-state.ts';
import { useSession } from '@/lib/use-session.ts';
import { useUsers } from '../api/members-api.ts';
import { AddUserModal } from '../components/add-user-modal.tsx';
import { RoleTags, StatusTag } from '../components/status-tag.tsx';
import { UserActions } from '../components/user-actions.tsx';

const STATUSES = [3, 1, 2, -1] as const;
type Filters = { status: number | undefined; email: string };
const NO_FILTERS: Filters = { status: undefined, email: '' };

/** User management screen. */
export default function MembersPage() {
  const { t } = useTranslation('members');
  const { userInfo } = useSession();
  const state = useListState(NO_FILTERS);
  const [adding, setAdding] = useState(false);
  const users = useUsers(state.params);
  const self = userInfo?.user_id;

  const filters: FilterField<Filters>[] = [
    {
      kind: 'select',
      name: 'status',
      testId: 'filter-status',
      label: t('columns.status'),
      placeholder: t('filters.status'),
      width: 160,
      options: STATUSES.map((s) => ({ value: s, label: t(`common:userStatus.${s}`) })),
    },
    { kind: 'text', name: 'email', id: 'filter-email', label: t('filters.email'), width: 240 },
  ];

  // The widths add up to 936 px, the content width at a 1280 px window; longer English actions wrap.
  const columns: ListColumn<MemberItem>[] = [
    { title: t('columns.id'), dataIndex: 'user_id', width: 50 },
    {
      title: t('columns.email'),
      dataIndex: 'email',
      width: 170,
      ellipsis: true,
      render: (v: string) => (
        <span data-field="email" title={v}>
          {v}
        </span>
      ),
    },
    {
      title: t('columns.name'),
      dataIndex: 'name',
      width: 96,
      ellipsis: true,
      render: (v: string) => v || '-',
    },
    {
      title: t('columns.roles'),
      dataIndex: 'role_ids',
      width: 100,
      render: (ids: number[]) => <RoleTags roleIds={ids} />,
    },
    {
      title: t('columns.status'),
      dataIndex: 'status',
      width: 120,
      render: (s: number) => <StatusTag status={s} />,
    },
    {
      title: t('columns.reason'),
      dataIndex: 'join_reason',
      width: 100,
      ellipsis: true,
      render: (v: string | null) => v || '-',
    },
    {
      title: t('columns.createdAt'),
      dataIndex: 'created_at',
      width: 100,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 200,
      render: (_, u) => <UserActions user={u} self={u.user_id === self} />,
    },
  ];

  return (
    <ListPage<MemberItem, Filters>
      title={t('title')}
      testId="members-page"
      filterTestId="users"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="add-user">
          {t('add.button')}
        </Button>
      }
      filters={filters}
      state={state}
      query={users}
      table={{
        testId: 'users-table',
        rowKey: 'user_id',
        columns,
        totalText: (total) => t('total', { total }),
        emptyText: <Empty description={users.isError ? t('loadFailed') : t('empty')} />,
      }}
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('hint')}
      </Typography.Paragraph>
      <AddUserModal
        open={adding}
        onClose={() => setAdding(false)}
        accountId={userInfo?.account_id ?? null}
        email={userInfo?.email ?? ''}
      />
    </ListPage>
  );
}

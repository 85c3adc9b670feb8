/**
 * /users (spec §2 users page, §3 statuses; role 67/70): the organisation's members with their status,
 * filters by status and email, approve / inactivate / reactivate / delete with confirms, pagination.
 */
import '../i18n.ts';
import { PlusOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE } from '@portal/contracts/constants.ts';
import type { CompanyUser } from '@portal/contracts/users.ts';
import { Button, Card, Empty, Input, Select, Space, Table, type TableColumnsType, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/use-session.ts';
import { type UsersFilter, useUsers } from '../api/users-api.ts';
import { AddUserModal } from '../components/add-user-modal.tsx';
import { RoleTags, StatusTag } from '../components/status-tag.tsx';
import { UserActions } from '../components/user-actions.tsx';

const STATUSES = [3, 1, 2, -1] as const;

/** User management screen. */
export default function UsersPage() {
  const { t } = useTranslation('users');
  const { userInfo } = useSession();
  const [filter, setFilter] = useState<UsersFilter>({ page_no: 1, page_size: DEFAULT_PAGE_SIZE });
  const [adding, setAdding] = useState(false);
  const users = useUsers(filter);
  const self = userInfo?.user_id;

  const columns: TableColumnsType<CompanyUser> = [
    { title: t('columns.id'), dataIndex: 'user_id', width: 70 },
    {
      title: t('columns.email'),
      dataIndex: 'email',
      width: 240,
      ellipsis: true,
      render: (v: string) => <span data-field="email">{v}</span>,
    },
    {
      title: t('columns.name'),
      dataIndex: 'name',
      width: 140,
      ellipsis: true,
      render: (v: string) => v || '-',
    },
    {
      title: t('columns.roles'),
      dataIndex: 'role_ids',
      width: 130,
      render: (ids: number[]) => <RoleTags roleIds={ids} />,
    },
    {
      title: t('columns.status'),
      dataIndex: 'status',
      width: 130,
      render: (s: number) => <StatusTag status={s} />,
    },
    {
      title: t('columns.reason'),
      dataIndex: 'join_reason',
      ellipsis: true,
      render: (v: string | null) => v || '-',
    },
    {
      title: t('columns.createdAt'),
      dataIndex: 'created_at',
      width: 150,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 220,
      fixed: 'right',
      render: (_, u) => <UserActions user={u} self={u.user_id === self} />,
    },
  ];

  return (
    <Card
      title={t('title')}
      data-testid="users-page"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="add-user">
          {t('add.button')}
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          data-testid="filter-status"
          aria-label={t('columns.status')}
          placeholder={t('filters.status')}
          style={{ width: 180 }}
          value={filter.status}
          onChange={(status?: number) => setFilter((f) => ({ ...f, status, page_no: 1 }))}
          options={STATUSES.map((s) => ({ value: s, label: t(`common:userStatus.${s}`) }))}
        />
        <Input.Search
          allowClear
          id="filter-email"
          placeholder={t('filters.email')}
          style={{ width: 260 }}
          onSearch={(email) => setFilter((f) => ({ ...f, email: email.trim() || undefined, page_no: 1 }))}
        />
      </Space>
      <Table<CompanyUser>
        rowKey="user_id"
        data-testid="users-table"
        columns={columns}
        dataSource={users.data?.list ?? []}
        loading={users.isFetching}
        scroll={{ x: 1200 }}
        locale={{ emptyText: <Empty description={users.isError ? t('loadFailed') : t('empty')} /> }}
        pagination={
          (users.data?.total ?? 0) > 0 && {
            current: filter.page_no,
            pageSize: filter.page_size,
            total: users.data?.total,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100],
            showTotal: (total) => t('total', { total }),
            onChange: (page_no, page_size) => setFilter((f) => ({ ...f, page_no, page_size })),
          }
        }
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('hint')}
      </Typography.Paragraph>
      <AddUserModal
        open={adding}
        onClose={() => setAdding(false)}
        accountId={userInfo?.account_id ?? null}
        email={userInfo?.email ?? ''}
      />
    </Card>
  );
}

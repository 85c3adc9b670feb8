/**
 * /apps/list (spec §2 Apps list): search by app name and package name (debounced 500 ms) and status;
 * columns id, name, package, system, app key (click to copy, 'Copy success'; hidden while under
 * review, and for ever when the app never left review), ad slot count (opens the ad slots filtered by app name), status (audit-status-cell),
 * actions (add ad slot, edit, delete; hidden when status is −1); pagination with size choices.
 * Operations staff see every organisation's apps, a publisher column, and approve or reject.
 */
import '../i18n.ts';
import type { AppItem } from '@portal/contracts/apps.ts';
import { DEFAULT_PAGE_SIZE } from '@portal/contracts/constants.ts';
import { Button, Card, Input, Modal, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AuditStatusCell } from '../../../components/audit-status-cell.tsx';
import { useIsOps } from '../../../components/is-ops.ts';
import { useDebounced } from '../../../components/use-debounced.ts';
import { succeed } from '../../../lib/notify.ts';
import { useAppList, useAppStatus, useDeleteApp } from '../api/apps-api.ts';
import { AppDialog } from '../components/app-dialog.tsx';
import { ReviewDrawer } from '../components/review-drawer.tsx';
import { copyText } from '../lib/copy.ts';

const STATUSES = [1, 2, 3, 4, -1];

export default function AppsListPage() {
  const { t } = useTranslation('apps');
  const navigate = useNavigate();
  const isOps = useIsOps();
  const [appName, setAppName] = useState('');
  const [pkgName, setPkgName] = useState('');
  const [status, setStatus] = useState<number | undefined>();
  const [page, setPage] = useState({ no: 1, size: DEFAULT_PAGE_SIZE });
  const [dialog, setDialog] = useState<{ open: boolean; editing: AppItem | null }>({
    open: false,
    editing: null,
  });
  const [modal, holder] = Modal.useModal();
  const [reviewOpen, setReviewOpen] = useState(false);
  const filters = useDebounced({ app_name: appName.trim(), pkg_name: pkgName.trim() }, 500);
  const list = useAppList({ page_no: page.no, page_size: page.size, ...filters, audit_status: status });
  const changeStatus = useAppStatus();
  const remove = useDeleteApp();

  const resetPage = () => setPage((p) => ({ ...p, no: 1 }));
  const confirmDelete = async (app: AppItem) => {
    if (
      !(await modal.confirm({
        title: t('confirmDelete'),
        okText: t('ok'),
        cancelText: t('cancel'),
        okButtonProps: { danger: true },
      }))
    )
      return;
    // A failure has been shown by the request client.
    if (
      await remove.mutateAsync(app.id).then(
        () => true,
        () => false,
      )
    )
      succeed(t('deletedSuccessfully'));
  };

  const columns: ColumnsType<AppItem> = [
    { title: t('columns.id'), dataIndex: 'id', width: 70 },
    { title: t('columns.name'), dataIndex: 'app_name' },
    { title: t('columns.pkg'), dataIndex: 'package_name' },
    ...(isOps ? [{ title: t('columns.publisher'), dataIndex: 'publisher_name' }] : []),
    {
      title: t('columns.platform'),
      dataIndex: 'platform',
      width: 90,
      render: (p: number) => t(`platform.${p}`),
    },
    {
      title: t('columns.appKey'),
      dataIndex: 'app_key',
      render: (key: string | null, app) =>
        key ? (
          <Typography.Link
            data-testid={`app-key-${app.id}`}
            code
            onClick={() => void copyText(key).then(() => succeed(t('copySuccess')))}
          >
            {key}
          </Typography.Link>
        ) : (
          <Typography.Text type="secondary" data-testid={`app-key-${app.id}`}>
            {t('keyHidden')}
          </Typography.Text>
        ),
    },
    {
      title: t('columns.adposCount'),
      dataIndex: 'adpos_count',
      width: 90,
      render: (n: number, app) => (
        <Typography.Link
          data-testid={`adpos-count-${app.id}`}
          onClick={() => navigate(`/adpos/list?app_name=${encodeURIComponent(app.app_name)}`)}
        >
          {n}
        </Typography.Link>
      ),
    },
    {
      title: t('columns.status'),
      dataIndex: 'audit_status',
      width: 200,
      render: (s: number, app) => (
        <AuditStatusCell
          id={app.id}
          name={app.app_name}
          status={s}
          isOps={isOps}
          onChange={(to) => changeStatus.mutateAsync({ id: app.id, audit_status: to })}
        />
      ),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 230,
      fixed: 'right',
      render: (_, app) =>
        app.audit_status === -1 ? null : (
          <Space size={0} data-testid={`app-actions-${app.id}`}>
            <Button
              type="link"
              size="small"
              data-testid={`add-adpos-${app.id}`}
              onClick={() => navigate(`/adpos/list/${app.id}/${encodeURIComponent(app.app_name)}`)}
            >
              {t('actions.addAdpos')}
            </Button>
            <Button
              type="link"
              size="small"
              data-testid={`edit-app-${app.id}`}
              onClick={() => setDialog({ open: true, editing: app })}
            >
              {t('actions.edit')}
            </Button>
            <Button
              type="link"
              size="small"
              danger
              data-testid={`delete-app-${app.id}`}
              onClick={() => void confirmDelete(app)}
            >
              {t('actions.delete')}
            </Button>
          </Space>
        ),
    },
  ];

  return (
    <Card title={t('title')} data-testid="apps-page">
      {holder}
      <Space wrap style={{ marginBottom: 16 }}>
        <Input
          id="filter-app-name"
          allowClear
          placeholder={t('filters.appName')}
          value={appName}
          onChange={(e) => {
            setAppName(e.target.value);
            resetPage();
          }}
          style={{ width: 200 }}
        />
        <Input
          id="filter-pkg-name"
          allowClear
          placeholder={t('filters.pkgName')}
          value={pkgName}
          onChange={(e) => {
            setPkgName(e.target.value);
            resetPage();
          }}
          style={{ width: 220 }}
        />
        <Select
          data-testid="filter-status"
          aria-label={t('filters.status')}
          allowClear
          placeholder={t('filters.allStatus')}
          value={status}
          onChange={(v) => {
            setStatus(v);
            resetPage();
          }}
          options={STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          style={{ width: 160 }}
        />
        <Button
          type="primary"
          data-testid="create-app"
          onClick={() => setDialog({ open: true, editing: null })}
        >
          {t('actions.create')}
        </Button>
        {isOps && (
          <Button data-testid="open-review" onClick={() => setReviewOpen(true)}>
            {t('review.open')}
          </Button>
        )}
      </Space>
      <Table<AppItem>
        data-testid="apps-table"
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page.no,
          pageSize: page.size,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => t('total', { total }),
          onChange: (no, size) => setPage({ no: size === page.size ? no : 1, size }),
        }}
      />
      <AppDialog
        open={dialog.open}
        editing={dialog.editing}
        isOps={isOps}
        onClose={() => setDialog({ open: false, editing: null })}
      />
      {isOps && <ReviewDrawer open={reviewOpen} onClose={() => setReviewOpen(false)} />}
    </Card>
  );
}

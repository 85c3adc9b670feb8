/**
 * /apps/list (spec §2 Apps list), on the list-page scaffold: search by app name and package name
 * (debounced 500 ms) and status, with Search and Reset;
 * columns id, name, package, system, app key (click to copy, 'Copy success'; hidden while under
 * review, and for ever when the app never left review), ad slot count (opens the ad slots filtered by app name), status (audit-status-cell),
 * actions (add ad slot, edit, delete; hidden when status is −1); pagination with size choices.
 * Operations staff see every organisation's apps, a publisher column, and approve or reject (with a
 * reason). `?app_name=` sets the name filter (a notification's link to its app).
 */
import '../i18n.ts';
import type { AppItem } from '@portal/contracts/apps.ts';
import { Button, Modal, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AuditStatusCell } from '@/components/audit-status-cell.tsx';
import { useIsOps } from '@/components/is-ops.ts';
import type { FilterField } from '@/components/list-page/filter-bar.tsx';
import { ListPage } from '@/components/list-page/list-page.tsx';
import type { ListColumn } from '@/components/list-page/list-table.tsx';
import { runChange } from '@/components/list-page/run-change.ts';
import { useListState } from '@/components/list-page/use-list-state.ts';
import { NextStepEmpty } from '@/components/next-step-empty.tsx';
import { succeed } from '@/lib/notify.ts';
import { useMedia, WIDE_QUERY } from '@/lib/use-phone.ts';
import { useAppAdsStates, useAppList, useAppStatus, useDeleteApp } from '../api/apps-api.ts';
import { AppAdsDrawer, AppAdsTag } from '../components/app-ads-drawer.tsx';
import { AppDialog } from '../components/app-dialog.tsx';
import { ReviewDrawer } from '../components/review-drawer.tsx';
import { copyText } from '../lib/copy.ts';

const STATUSES = [1, 2, 3, 4, -1];
type Filters = { app_name: string; pkg_name: string; audit_status: number | undefined };
const NO_FILTERS: Filters = { app_name: '', pkg_name: '', audit_status: undefined };

export default function AppsListPage() {
  const { t } = useTranslation('apps');
  const { t: tAds } = useTranslation('appAds');
  const navigate = useNavigate();
  const isOps = useIsOps();
  const wide = useMedia(WIDE_QUERY);
  const [search] = useSearchParams();
  const presetName = search.get('app_name') ?? '';
  const state = useListState(NO_FILTERS, { app_name: presetName });
  // A new link (e.g. another notification while this page is open) sets the name filter.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the URL only, not the state
  useEffect(() => {
    if (presetName && state.draft.app_name !== presetName) state.set('app_name', presetName, true);
  }, [presetName]);
  const [dialog, setDialog] = useState<{ open: boolean; editing: AppItem | null }>({
    open: false,
    editing: null,
  });
  const [modal, holder] = Modal.useModal();
  const [reviewOpen, setReviewOpen] = useState(false);
  const list = useAppList(state.params);
  const changeStatus = useAppStatus();
  const remove = useDeleteApp();
  const appAds = useAppAdsStates(!isOps);
  const adsOf = new Map((appAds.data ?? []).map((s) => [s.app_id, s]));
  const [adsAppId, setAdsAppId] = useState<number | null>(null);
  const filtered = Boolean(
    state.params.app_name || state.params.pkg_name || state.params.audit_status !== undefined,
  );

  const confirmDelete = async (app: AppItem) => {
    const confirmed = await modal.confirm({
      title: t('confirmDelete'),
      okText: t('ok'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true },
    });
    if (confirmed) await runChange(() => remove.mutateAsync(app.id), t('deletedSuccessfully'));
  };

  const filters: FilterField<Filters>[] = [
    { kind: 'text', name: 'app_name', id: 'filter-app-name', label: t('filters.appName'), width: 180 },
    { kind: 'text', name: 'pkg_name', id: 'filter-pkg-name', label: t('filters.pkgName'), width: 200 },
    {
      kind: 'select',
      name: 'audit_status',
      testId: 'filter-status',
      label: t('filters.status'),
      placeholder: t('filters.allStatus'),
      width: 150,
      options: STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
    },
  ];

  // The widths add up to 934 px, the content width at a 1280 px window, in both languages; for
  // operations (one more column, Approve / Reject) the text columns narrow and the actions wrap. At
  // 1,400 px and more the columns take the room there is (1,102 px at 1,440), so names, "Shown after
  // review" and the actions fit (issue 25 item 10).
  const w = isOps
    ? wide
      ? { name: 160, pkg: 130, key: 140, status: 170, actions: 194 }
      : { name: 110, pkg: 116, key: 92, status: 170, actions: 150 }
    : wide
      ? { name: 160, pkg: 150, key: 140, status: 120, actions: 194 }
      : { name: 110, pkg: 120, key: 104, status: 120, actions: 172 };
  const columns: ListColumn<AppItem>[] = [
    { title: t('columns.id'), dataIndex: 'id', width: 56 },
    { title: t('columns.name'), dataIndex: 'app_name', width: w.name, ellipsis: true },
    { title: t('columns.pkg'), dataIndex: 'package_name', width: w.pkg, ellipsis: true },
    ...(isOps
      ? [{ title: t('columns.publisher'), dataIndex: 'publisher_name', width: 100, ellipsis: true }]
      : []),
    {
      title: t('columns.platform'),
      dataIndex: 'platform',
      width: isOps ? 72 : 76,
      render: (p: number) => t(`platform.${p}`),
    },
    {
      title: t('columns.appKey'),
      dataIndex: 'app_key',
      width: w.key,
      ellipsis: true,
      render: (key: string | null, app) =>
        key ? (
          <Typography.Link
            data-testid={`app-key-${app.id}`}
            code
            title={key}
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
      title: t('columns.placementCount'),
      dataIndex: 'adpos_count',
      width: isOps ? 68 : 72,
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
      // Operations' Approve and Reject sit next to the badge of an app under review.
      width: w.status,
      render: (s: number, app) => (
        <AuditStatusCell
          id={app.id}
          name={app.app_name}
          status={s}
          isOps={isOps}
          onChange={(to, reason) => changeStatus.mutateAsync({ id: app.id, audit_status: to, reason })}
        />
      ),
    },
    ...(isOps
      ? []
      : [
          {
            title: tAds('column'),
            key: 'app_ads',
            width: 104,
            render: (_: unknown, app: AppItem) =>
              app.audit_status === -1 ? null : (
                <Typography.Link data-testid={`app-ads-${app.id}`} onClick={() => setAdsAppId(app.id)}>
                  <AppAdsTag state={adsOf.get(app.id)} />
                </Typography.Link>
              ),
          },
        ]),
    {
      title: t('columns.actions'),
      key: 'actions',
      width: w.actions,
      render: (_, app) =>
        app.audit_status === -1 ? null : (
          <Space size={0} wrap data-testid={`app-actions-${app.id}`}>
            <Button
              type="link"
              size="small"
              data-testid={`add-adpos-${app.id}`}
              onClick={() => navigate(`/adpos/list/${app.id}/${encodeURIComponent(app.app_name)}`)}
            >
              {t('actions.addPlacement')}
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
    <ListPage<AppItem, Filters>
      title={t('title')}
      testId="apps-page"
      filterTestId="apps"
      extra={
        <Space>
          {isOps && (
            <Button data-testid="open-review" onClick={() => setReviewOpen(true)}>
              {t('review.open')}
            </Button>
          )}
          <Button
            type="primary"
            data-testid="create-app"
            onClick={() => setDialog({ open: true, editing: null })}
          >
            {t('actions.create')}
          </Button>
        </Space>
      }
      filters={filters}
      state={state}
      query={list}
      table={{
        testId: 'apps-table',
        rowKey: 'id',
        columns,
        totalText: (total) => t('total', { total }),
        emptyText: filtered ? undefined : (
          <NextStepEmpty
            testId="apps-empty"
            title={t('empty.title')}
            body={t('empty.body')}
            action={{
              label: t('empty.action'),
              testId: 'apps-empty-create',
              onClick: () => setDialog({ open: true, editing: null }),
            }}
          />
        ),
      }}
    >
      {holder}
      <AppAdsDrawer
        state={adsAppId === null ? null : (adsOf.get(adsAppId) ?? null)}
        onClose={() => setAdsAppId(null)}
      />
      <AppDialog
        open={dialog.open}
        editing={dialog.editing}
        isOps={isOps}
        onClose={() => setDialog({ open: false, editing: null })}
      />
      {isOps && <ReviewDrawer open={reviewOpen} onClose={() => setReviewOpen(false)} />}
    </ListPage>
  );
}

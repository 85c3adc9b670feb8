/**
 * /adpos/list (spec §2 Ad slots list), on the list-page scaffold: filters adpos_id, adpos_name,
 * app_name, ad_style and audit_status with Search and Reset; columns id, name, app name, type, status (audit-status-cell), edit. Route params
 * `/adpos/list/:app_id/:app_name` (or `?app_name=`) prefill the app name filter; with app_id the
 * create dialog opens with that app preselected, and closing it replaces the URL with
 * `?app_name=` only, so a reload does not open it again.
 */
import '../i18n.ts';
import type { PlacementItem } from '@portal/contracts/placements.ts';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { AuditStatusCell } from '@/components/audit-status-cell.tsx';
import { useIsOps } from '@/components/is-ops.ts';
import type { FilterField } from '@/components/list-page/filter-bar.tsx';
import { ListPage } from '@/components/list-page/list-page.tsx';
import type { ListColumn } from '@/components/list-page/list-table.tsx';
import { useListState } from '@/components/list-page/use-list-state.ts';
import { NextStepEmpty } from '@/components/next-step-empty.tsx';
import { useAdStyles, useAppChoices, usePlacementList, usePlacementStatus } from '../api/placements-api.ts';
import { IntegrationPanel } from '../components/integration-panel.tsx';
import { PlacementDialog } from '../components/placement-dialog.tsx';

const STATUSES = [1, 2, 3, 4];
type Filters = {
  adpos_id: number | null;
  adpos_name: string;
  app_name: string;
  ad_style: number | undefined;
  audit_status: number | undefined;
};
const NO_FILTERS: Filters = {
  adpos_id: null,
  adpos_name: '',
  app_name: '',
  ad_style: undefined,
  audit_status: undefined,
};

export default function PlacementsListPage() {
  const { t } = useTranslation('placements');
  const { t: ta } = useTranslation('apps');
  const params = useParams<{ app_id?: string; app_name?: string }>();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const presetAppId = params.app_id && /^\d+$/.test(params.app_id) ? Number(params.app_id) : undefined;
  const presetAppName = params.app_name ?? search.get('app_name') ?? '';
  // `?adpos_id=` (a notification's link to its ad slot) sets the id filter.
  const presetSlot = /^\d+$/.test(search.get('adpos_id') ?? '') ? Number(search.get('adpos_id')) : null;
  const isOps = useIsOps();
  const styles = useAdStyles();
  const state = useListState(NO_FILTERS, { app_name: presetAppName, adpos_id: presetSlot });
  const [dialog, setDialog] = useState<{ open: boolean; editing: PlacementItem | null }>({
    open: presetAppId !== undefined,
    editing: null,
  });
  const [panel, setPanel] = useState<{ id: number | null; created: boolean }>({ id: null, created: false });
  const list = usePlacementList({ ...state.params, adpos_id: state.params.adpos_id ?? undefined });
  const changeStatus = usePlacementStatus();
  const appChoices = useAppChoices();
  const p = state.params;
  const filtered = Boolean(
    p.adpos_id || p.adpos_name || p.app_name || p.ad_style !== undefined || p.audit_status !== undefined,
  );
  const noApp = appChoices.data !== undefined && appChoices.data.length === 0;
  const styleName = new Map((styles.data ?? []).map((s) => [s.ad_style, s.name]));

  // A new route (e.g. an app's "add ad slot" link while this page is open) sets the app filter.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the route only, not the state
  useEffect(() => {
    if (state.draft.app_name !== presetAppName) state.set('app_name', presetAppName, true);
    if (presetAppId !== undefined) setDialog({ open: true, editing: null });
  }, [presetAppName, presetAppId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the URL only, not the state
  useEffect(() => {
    if (presetSlot !== null && state.draft.adpos_id !== presetSlot) state.set('adpos_id', presetSlot, true);
  }, [presetSlot]);

  const filters: FilterField<Filters>[] = [
    {
      kind: 'number',
      name: 'adpos_id',
      id: 'filter-adpos-id',
      label: t('filters.placementId'),
      min: 1,
      width: 130,
    },
    {
      kind: 'text',
      name: 'adpos_name',
      id: 'filter-adpos-name',
      label: t('filters.placementName'),
      width: 170,
    },
    { kind: 'text', name: 'app_name', id: 'filter-app-name', label: t('filters.appName'), width: 170 },
    {
      kind: 'select',
      name: 'ad_style',
      testId: 'filter-ad-style',
      label: t('filters.adStyle'),
      width: 140,
      options: (styles.data ?? []).map((s) => ({ value: s.ad_style, label: s.name })),
    },
    {
      kind: 'select',
      name: 'audit_status',
      testId: 'filter-status',
      label: t('filters.status'),
      width: 130,
      options: STATUSES.map((s) => ({ value: s, label: ta(`status.${s}`) })),
    },
  ];

  const columns: ListColumn<PlacementItem>[] = [
    { title: t('columns.id'), dataIndex: 'adpos_id', width: 80 },
    { title: t('columns.name'), dataIndex: 'adpos_name', width: 200, ellipsis: true },
    { title: t('columns.appName'), dataIndex: 'channel_name', width: 200, ellipsis: true },
    {
      title: t('columns.type'),
      dataIndex: 'ad_style',
      width: 130,
      render: (s: number) => styleName.get(s) ?? s,
    },
    {
      title: t('columns.status'),
      dataIndex: 'audit_status',
      width: isOps ? 200 : 140,
      render: (s: number, slot) => (
        <AuditStatusCell
          id={slot.adpos_id}
          name={slot.adpos_name}
          status={s}
          isOps={isOps}
          onChange={(to, reason) => changeStatus.mutateAsync({ id: slot.adpos_id, audit_status: to, reason })}
        />
      ),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 170,
      render: (_, slot) => (
        <>
          <Button
            type="link"
            size="small"
            data-testid={`edit-adslot-${slot.adpos_id}`}
            onClick={() => setDialog({ open: true, editing: slot })}
          >
            {t('actions.edit')}
          </Button>
          <Button
            type="link"
            size="small"
            data-testid={`integrate-adslot-${slot.adpos_id}`}
            onClick={() => setPanel({ id: slot.adpos_id, created: false })}
          >
            {t('actions.integrate')}
          </Button>
        </>
      ),
    },
  ];

  return (
    <ListPage<PlacementItem, Filters>
      title={t('title')}
      testId="adslots-page"
      filterTestId="adslot"
      extra={
        <Button
          type="primary"
          data-testid="create-adslot"
          onClick={() => setDialog({ open: true, editing: null })}
        >
          {t('actions.create')}
        </Button>
      }
      filters={filters}
      state={state}
      query={list}
      table={{
        testId: 'adslots-table',
        rowKey: 'adpos_id',
        columns,
        totalText: (total) => ta('total', { total }),
        emptyText: filtered ? undefined : noApp ? (
          <NextStepEmpty
            testId="adslots-empty"
            title={t('empty.title')}
            body={t('empty.noApp')}
            action={{ label: t('empty.noAppAction'), to: '/apps/list', testId: 'adslots-empty-add-app' }}
          />
        ) : (
          <NextStepEmpty
            testId="adslots-empty"
            title={t('empty.title')}
            body={t('empty.body')}
            action={{
              label: t('empty.action'),
              testId: 'adslots-empty-create',
              onClick: () => setDialog({ open: true, editing: null }),
            }}
          />
        ),
      }}
    >
      <IntegrationPanel
        placementId={panel.id}
        created={panel.created}
        onClose={() => setPanel({ id: null, created: false })}
      />
      <PlacementDialog
        onCreated={(item) => setPanel({ id: item.adpos_id, created: true })}
        open={dialog.open}
        editing={dialog.editing}
        presetAppId={dialog.editing ? undefined : presetAppId}
        onClose={() => {
          setDialog({ open: false, editing: null });
          if (presetAppId !== undefined) {
            const name = params.app_name ?? '';
            navigate(name ? `/adpos/list?app_name=${encodeURIComponent(name)}` : '/adpos/list', {
              replace: true,
            });
          }
        }}
      />
    </ListPage>
  );
}

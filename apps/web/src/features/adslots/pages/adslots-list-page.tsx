/**
 * /adpos/list (spec §2 Ad slots list): filters adpos_id, adpos_name, app_name, ad_style and
 * audit_status; columns id, name, app name, type, status (audit-status-cell), edit. Route params
 * `/adpos/list/:app_id/:app_name` (or `?app_name=`) prefill the app name filter; with app_id the
 * create dialog opens with that app preselected, and closing it replaces the URL with
 * `?app_name=` only, so a reload does not open it again.
 */
import '../i18n.ts';
import type { AdposItem } from '@portal/contracts/adpos.ts';
import { DEFAULT_PAGE_SIZE } from '@portal/contracts/constants.ts';
import { Button, Card, Input, InputNumber, Select, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { AuditStatusCell } from '../../../components/audit-status-cell.tsx';
import { useIsOps } from '../../../components/is-ops.ts';
import { useDebounced } from '../../../components/use-debounced.ts';
import { useAdposList, useAdposStatus, useAdStyles } from '../api/adslots-api.ts';
import { AdslotDialog } from '../components/adslot-dialog.tsx';

const STATUSES = [1, 2, 3, 4];

export default function AdslotsListPage() {
  const { t } = useTranslation('adslots');
  const { t: ta } = useTranslation('apps');
  const params = useParams<{ app_id?: string; app_name?: string }>();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const presetAppId = params.app_id && /^\d+$/.test(params.app_id) ? Number(params.app_id) : undefined;
  const isOps = useIsOps();
  const styles = useAdStyles();
  const [adposId, setAdposId] = useState<number | null>(null);
  const [adposName, setAdposName] = useState('');
  const [appName, setAppName] = useState(params.app_name ?? search.get('app_name') ?? '');
  const [adStyle, setAdStyle] = useState<number | undefined>();
  const [status, setStatus] = useState<number | undefined>();
  const [page, setPage] = useState({ no: 1, size: DEFAULT_PAGE_SIZE });
  const [dialog, setDialog] = useState<{ open: boolean; editing: AdposItem | null }>({
    open: presetAppId !== undefined,
    editing: null,
  });
  const text = useDebounced(
    { adpos_name: adposName.trim(), app_name: appName.trim(), adpos_id: adposId ?? undefined },
    500,
  );
  const list = useAdposList({
    page_no: page.no,
    page_size: page.size,
    ...text,
    ad_style: adStyle,
    audit_status: status,
  });
  const changeStatus = useAdposStatus();
  const styleName = new Map((styles.data ?? []).map((s) => [s.ad_style, s.name]));

  useEffect(() => {
    setAppName(params.app_name ?? search.get('app_name') ?? '');
    if (presetAppId !== undefined) setDialog({ open: true, editing: null });
  }, [params.app_name, presetAppId, search]);

  const resetPage = () => setPage((p) => ({ ...p, no: 1 }));
  const reset = () => {
    setAdposId(null);
    setAdposName('');
    setAppName('');
    setAdStyle(undefined);
    setStatus(undefined);
    resetPage();
  };

  const columns: ColumnsType<AdposItem> = [
    { title: t('columns.id'), dataIndex: 'adpos_id', width: 80 },
    { title: t('columns.name'), dataIndex: 'adpos_name' },
    { title: t('columns.appName'), dataIndex: 'channel_name' },
    { title: t('columns.type'), dataIndex: 'ad_style', render: (s: number) => styleName.get(s) ?? s },
    {
      title: t('columns.status'),
      dataIndex: 'audit_status',
      width: 200,
      render: (s: number, slot) => (
        <AuditStatusCell
          id={slot.adpos_id}
          name={slot.adpos_name}
          status={s}
          isOps={isOps}
          onChange={(to) => changeStatus.mutateAsync({ id: slot.adpos_id, audit_status: to })}
        />
      ),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 100,
      render: (_, slot) => (
        <Button
          type="link"
          size="small"
          data-testid={`edit-adslot-${slot.adpos_id}`}
          onClick={() => setDialog({ open: true, editing: slot })}
        >
          {t('actions.edit')}
        </Button>
      ),
    },
  ];

  return (
    <Card title={t('title')} data-testid="adslots-page">
      <Space wrap style={{ marginBottom: 16 }}>
        <InputNumber
          id="filter-adpos-id"
          placeholder={t('filters.adposId')}
          value={adposId}
          min={1}
          onChange={(v) => {
            setAdposId(typeof v === 'number' ? v : null);
            resetPage();
          }}
          style={{ width: 140 }}
        />
        <Input
          id="filter-adpos-name"
          allowClear
          placeholder={t('filters.adposName')}
          value={adposName}
          onChange={(e) => {
            setAdposName(e.target.value);
            resetPage();
          }}
          style={{ width: 180 }}
        />
        <Input
          id="filter-app-name"
          allowClear
          placeholder={t('filters.appName')}
          value={appName}
          onChange={(e) => {
            setAppName(e.target.value);
            resetPage();
          }}
          style={{ width: 180 }}
        />
        <Select
          data-testid="filter-ad-style"
          aria-label={t('filters.adStyle')}
          allowClear
          placeholder={t('filters.adStyle')}
          value={adStyle}
          onChange={(v) => {
            setAdStyle(v);
            resetPage();
          }}
          options={(styles.data ?? []).map((s) => ({ value: s.ad_style, label: s.name }))}
          style={{ width: 150 }}
        />
        <Select
          data-testid="filter-status"
          aria-label={t('filters.status')}
          allowClear
          placeholder={t('filters.status')}
          value={status}
          onChange={(v) => {
            setStatus(v);
            resetPage();
          }}
          options={STATUSES.map((s) => ({ value: s, label: ta(`status.${s}`) }))}
          style={{ width: 140 }}
        />
        <Button data-testid="adslot-reset" onClick={reset}>
          {t('filters.reset')}
        </Button>
        <Button
          type="primary"
          data-testid="create-adslot"
          onClick={() => setDialog({ open: true, editing: null })}
        >
          {t('actions.create')}
        </Button>
      </Space>
      <Table<AdposItem>
        data-testid="adslots-table"
        rowKey="adpos_id"
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
          showTotal: (total) => ta('total', { total }),
          onChange: (no, size) => setPage({ no: size === page.size ? no : 1, size }),
        }}
      />
      <AdslotDialog
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
    </Card>
  );
}

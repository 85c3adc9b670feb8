/**
 * /ops/payments (issue 23 item 6, operations): the month-close screen across organisations. Filter by
 * month, profit centre and status; close the month; open a statement to enter adjustments; confirm
 * one or many; hold a payment with a reason; record a payout or upload the finance system's CSV.
 */
import { paymentsOpsEndpoints } from '@portal/contracts/endpoints/payments-ops.ts';
import type { StatementItem, StatementStatus } from '@portal/contracts/payments.ts';
import { statementStatuses } from '@portal/contracts/payments.ts';
import { Alert, Button, Card, DatePicker, Empty, Select, Space, Tag, Typography, Upload } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadedTable } from '@/components/list-page/loaded-table.tsx';
import { succeed } from '@/lib/notify.ts';
import '../i18n.ts';
import { type OpsFilter, useOpsAction, useOpsStatements, useProfitCenters } from '../api/payments-api.ts';
import { formatUsd, monthLabel, statusColor } from '../components/money.ts';
import { AdjustmentForm, HoldDialog, PayoutDialog } from '../components/ops-dialogs.tsx';
import { StatementDrawer } from '../components/statement-drawer.tsx';

const toMonth = (d: Dayjs) => d.year() * 100 + d.month() + 1;

/** The month-close screen. */
export default function OpsPaymentsPage() {
  const { t } = useTranslation('payments');
  const [month, setMonth] = useState<Dayjs>(dayjs().subtract(1, 'month'));
  const [filter, setFilter] = useState<Omit<OpsFilter, 'month'>>({});
  const [selected, setSelected] = useState<number[]>([]);
  const [open, setOpen] = useState<number | null>(null);
  const [holding, setHolding] = useState<StatementItem | null>(null);
  const [paying, setPaying] = useState<StatementItem | null>(null);
  const [csvErrors, setCsvErrors] = useState<string[]>([]);
  const statements = useOpsStatements({ ...filter, month: toMonth(month) });
  const centers = useProfitCenters();
  const close = useOpsAction(paymentsOpsEndpoints.closeMonth);
  const confirm = useOpsAction(paymentsOpsEndpoints.confirm);
  const importCsv = useOpsAction(paymentsOpsEndpoints.importPayouts);
  const list = statements.data?.list ?? [];
  const openItem = list.find((s) => s.id === open);

  const onClose = async () => {
    const r = (await close.mutateAsync({ month: toMonth(month) }).catch(() => null)) as {
      closed: number;
      unchanged: number;
    } | null;
    if (r) succeed(t('ops.closed', r), 4);
  };
  const onConfirm = async () => {
    const r = (await confirm.mutateAsync({ ids: selected }).catch(() => null)) as {
      confirmed: number;
    } | null;
    if (r) {
      succeed(t('ops.confirmed', { count: r.confirmed }), 4);
      setSelected([]);
    }
  };

  return (
    <Card title={t('ops.title')} data-testid="ops-payments-page">
      <Typography.Paragraph>{t('ops.intro')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <DatePicker
          picker="month"
          value={month}
          allowClear={false}
          onChange={(d) => d && setMonth(d)}
          aria-label={t('ops.month')}
          data-testid="ops-month"
        />
        <Select
          allowClear
          style={{ width: 200 }}
          placeholder={t('ops.allCenters')}
          aria-label={t('col.profitCenter')}
          loading={centers.isLoading}
          options={(centers.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          onChange={(v?: number) => setFilter((f) => ({ ...f, profit_center_id: v }))}
        />
        <Select
          allowClear
          style={{ width: 160 }}
          placeholder={t('ops.allStatuses')}
          aria-label={t('col.status')}
          options={statementStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          onChange={(v?: StatementStatus) => setFilter((f) => ({ ...f, status: v }))}
          data-testid="ops-status"
        />
        <Button onClick={onClose} loading={close.isPending} data-testid="ops-close">
          {t('ops.close')}
        </Button>
        <Button
          type="primary"
          disabled={selected.length === 0}
          onClick={onConfirm}
          loading={confirm.isPending}
          data-testid="ops-confirm"
        >
          {t('ops.confirm')}
        </Button>
        <Upload
          accept=".csv,text/csv"
          showUploadList={false}
          customRequest={async ({ file, onSuccess, onError }) => {
            setCsvErrors([]);
            try {
              const r = (await importCsv.mutateAsync({ csv: await (file as File).text() })) as {
                recorded: number;
                unchanged: number;
              };
              succeed(t('ops.imported', r), 4);
              onSuccess?.(null);
            } catch (err) {
              const errors =
                (err as { data?: { errors?: { field: string; message: string }[] } }).data?.errors ?? [];
              setCsvErrors(errors.map((e) => `${e.field}: ${e.message}`));
              onError?.(err as Error);
            }
          }}
        >
          <Button loading={importCsv.isPending} data-testid="ops-import">
            {t('ops.importCsv')}
          </Button>
        </Upload>
      </Space>
      <Typography.Paragraph type="secondary">{t('ops.csvHint')}</Typography.Paragraph>
      {csvErrors.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={csvErrors.map((e) => <div key={e}>{e}</div>)}
          data-testid="ops-csv-errors"
        />
      )}
      <LoadedTable<StatementItem>
        testId="ops-statements"
        label={t('ops.title')}
        rowKey="id"
        loading={statements.isLoading}
        rows={list}
        pageSize={50}
        size="middle"
        emptyText={<Empty description={t('empty')} />}
        selection={{
          selected,
          onChange: (keys) => setSelected(keys as number[]),
          // Only a closed statement can be confirmed (issue 23 item 6).
          disabled: (s) => s.status !== 'closed',
          label: (s) => `${s.company_name} ${monthLabel(s.month)}`,
          text: t('ops.select'),
          allText: t('ops.selectAll'),
        }}
        columns={[
          { title: t('col.company'), dataIndex: 'company_name' },
          { title: t('col.profitCenter'), dataIndex: 'profit_center_name' },
          { title: t('col.month'), dataIndex: 'month', render: (m: number) => monthLabel(m) },
          {
            title: t('col.status'),
            render: (_: unknown, s) => (
              <Space size={4} wrap>
                <Tag color={statusColor[s.status]}>{t(`status.${s.status}`)}</Tag>
                {s.carried_over && s.status !== 'paid' && <Tag color="orange">{t('carriedTag')}</Tag>}
                {s.hold_reason && (
                  <Tag color="red" title={s.hold_reason}>
                    {t('heldTag')}
                  </Tag>
                )}
              </Space>
            ),
          },
          {
            title: t('col.total'),
            dataIndex: 'total_micros',
            align: 'right',
            render: (v: number) => formatUsd(v),
          },
          {
            title: t('col.payable'),
            dataIndex: 'payable_micros',
            align: 'right',
            render: (v: number) => formatUsd(v),
          },
          {
            title: t('col.actions'),
            fixed: 'right',
            render: (_: unknown, s) => (
              <Space size={0} wrap>
                <Button type="link" size="small" onClick={() => setOpen(s.id)}>
                  {t('details')}
                </Button>
                {s.status !== 'paid' && (
                  <Button type="link" size="small" onClick={() => setHolding(s)}>
                    {s.hold_reason ? t('ops.release') : t('ops.hold')}
                  </Button>
                )}
                {(s.status === 'confirmed' || s.status === 'invoiced') && !s.carried_over && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setPaying(s)}
                    data-testid={`ops-pay-${s.id}`}
                  >
                    {t('ops.payout')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <StatementDrawer
        id={open}
        ops
        onClose={() => setOpen(null)}
        extra={openItem?.status === 'closed' ? <AdjustmentForm statementId={openItem.id} /> : null}
      />
      <HoldDialog statement={holding} onClose={() => setHolding(null)} />
      <PayoutDialog statement={paying} onClose={() => setPaying(null)} />
    </Card>
  );
}

/**
 * /payments (issue 23): the balance card, the statements with their status, PDF and details, the
 * payout history with its CSV and XLSX export, and the payment profile. For organisation admins and
 * members granted "finance" (the server's menu decides; every call is checked again). On a phone the
 * statements and payouts are cards (components/list-page/loaded-table.tsx), amounts in view.
 */
import { Role } from '@portal/contracts/constants.ts';
import type { PayoutItem, StatementItem } from '@portal/contracts/payments.ts';
import { Button, Card, Empty, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadedTable } from '@/components/list-page/loaded-table.tsx';
import { useSession } from '@/lib/use-session.ts';
import '../i18n.ts';
import {
  openStatementPdf,
  savePayoutsExport,
  usePaymentSummary,
  usePayouts,
  useStatements,
} from '../api/payments-api.ts';
import { BalanceCard } from '../components/balance-card.tsx';
import { formatUsd, monthLabel, statusColor } from '../components/money.ts';
import { ProfilePanel } from '../components/profile-panel.tsx';
import { StatementDrawer } from '../components/statement-drawer.tsx';

/** The Payments screen. */
export default function PaymentsPage() {
  const { t, i18n } = useTranslation('payments');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'overview';
  const setTab = (key: string) => setParams(key === 'overview' ? {} : { tab: key }, { replace: true });
  const statementParam = Number(params.get('statement'));
  const [open, setOpen] = useState<number | null>(statementParam > 0 ? statementParam : null);
  const summary = usePaymentSummary();
  const statements = useStatements();
  const payouts = usePayouts();
  const { userInfo } = useSession();
  const admin = (userInfo?.opt_permission ?? []).some((p) => p.role_info.id === Role.ADMIN);
  const lang = i18n.language.startsWith('en') ? 'en' : 'zh';

  const statementColumns = [
    { title: t('col.month'), dataIndex: 'month', render: (m: number) => monthLabel(m) },
    { title: t('col.profitCenter'), dataIndex: 'profit_center_name' },
    {
      title: t('col.status'),
      render: (_: unknown, s: StatementItem) => (
        <Space size={4} wrap>
          <Tag color={statusColor[s.status]}>{t(`status.${s.status}`)}</Tag>
          {s.carried_over && s.status !== 'paid' && <Tag color="orange">{t('carriedTag')}</Tag>}
          {s.hold_reason && <Tag color="red">{t('heldTag')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('col.total'),
      dataIndex: 'total_micros',
      align: 'right' as const,
      render: (v: number) => formatUsd(v),
    },
    {
      title: t('col.payable'),
      dataIndex: 'payable_micros',
      align: 'right' as const,
      render: (v: number) => formatUsd(v),
    },
    {
      title: t('col.actions'),
      render: (_: unknown, s: StatementItem) => (
        <Space size={0}>
          <Button type="link" onClick={() => setOpen(s.id)} data-testid={`statement-open-${s.month}`}>
            {t('details')}
          </Button>
          <Button type="link" onClick={() => openStatementPdf(s.id, lang)}>
            {t('pdf')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('title')} data-testid="payments-page">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'overview',
            label: t('tabs.overview'),
            children: (
              <Space orientation="vertical" size="large" style={{ width: '100%' }}>
                <BalanceCard
                  summary={summary.data}
                  loading={summary.isLoading}
                  onProfile={() => setTab('profile')}
                />
                <LoadedTable<StatementItem>
                  testId="statements-table"
                  label={t('tabs.overview')}
                  rowKey="id"
                  loading={statements.isLoading}
                  rows={statements.data?.list ?? []}
                  columns={statementColumns}
                  emptyText={<Empty description={t('empty')} />}
                />
                <Typography.Text type="secondary">{t('detail.rounding')}</Typography.Text>
              </Space>
            ),
          },
          {
            key: 'payouts',
            label: t('tabs.payouts'),
            children: (
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Space>
                  <Button onClick={() => savePayoutsExport('csv')}>{t('export.csv')}</Button>
                  <Button onClick={() => savePayoutsExport('xlsx')}>{t('export.xlsx')}</Button>
                </Space>
                <LoadedTable<PayoutItem>
                  testId="payouts-table"
                  label={t('tabs.payouts')}
                  rowKey="id"
                  loading={payouts.isLoading}
                  rows={payouts.data?.list ?? []}
                  emptyText={<Empty description={t('emptyPayouts')} />}
                  columns={[
                    { title: t('col.paidOn'), dataIndex: 'paid_at' },
                    { title: t('col.month'), dataIndex: 'month', render: (m: number) => monthLabel(m) },
                    {
                      title: t('col.amount'),
                      dataIndex: 'amount_micros',
                      align: 'right',
                      render: (v: number) => formatUsd(v),
                    },
                    { title: t('col.method'), dataIndex: 'method_masked' },
                    { title: t('col.reference'), dataIndex: 'reference' },
                    {
                      title: t('col.status'),
                      dataIndex: 'status',
                      render: (v: string) => (
                        <Tag color={v === 'paid' ? 'green' : 'red'}>{t(`payoutStatus.${v}`)}</Tag>
                      ),
                    },
                  ]}
                />
              </Space>
            ),
          },
          { key: 'profile', label: t('tabs.profile'), children: <ProfilePanel admin={admin} /> },
        ]}
      />
      <StatementDrawer id={open} onClose={() => setOpen(null)} />
    </Card>
  );
}

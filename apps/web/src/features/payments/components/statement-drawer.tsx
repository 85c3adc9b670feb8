/**
 * One statement (issue 23 item 1): its app lines, adjustments, totals with the carried-in amount, the
 * restatement difference of a closed month, its hold, the PDF and (publisher, confirmed) the invoice
 * upload. Operations get an adjustment form through `extra`.
 */
import { Alert, Button, Descriptions, Drawer, Empty, Space, Table, Tag, Typography, Upload } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { succeed } from '@/lib/notify.ts';
import { openStatementPdf, useStatement, useUpload } from '../api/payments-api.ts';
import { formatUsd, monthLabel, statusColor } from './money.ts';

type Props = { id: number | null; ops?: boolean; onClose: () => void; extra?: ReactNode };

/** The statement drawer. */
export function StatementDrawer({ id, ops = false, onClose, extra }: Props) {
  const { t, i18n } = useTranslation('payments');
  const statement = useStatement(id, ops);
  const upload = useUpload();
  const s = statement.data;
  const lang = i18n.language.startsWith('en') ? 'en' : 'zh';
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size="large"
      title={s ? t('detail.title', { month: monthLabel(s.month), pc: s.profit_center_name }) : ''}
      loading={statement.isLoading}
      data-testid="statement-drawer"
    >
      {s && (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Space wrap>
            <Tag color={statusColor[s.status]} data-testid="statement-status">
              {t(`status.${s.status}`)}
            </Tag>
            {s.carried_over && <Tag color="orange">{t('carriedTag')}</Tag>}
            {s.hold_reason && <Tag color="red">{t('heldTag')}</Tag>}
            {!ops && (
              <Button size="small" onClick={() => openStatementPdf(s.id, lang)} data-testid="statement-pdf">
                {t('pdf')}
              </Button>
            )}
          </Space>
          {s.status === 'open' && <Alert type="info" showIcon title={t('detail.estimate')} />}
          {s.hold_reason && (
            <Alert type="error" showIcon title={t('detail.hold', { reason: s.hold_reason })} />
          )}
          {s.difference && (
            <Alert
              type="warning"
              showIcon
              data-testid="statement-difference"
              title={t('detail.difference', {
                impressions: s.difference.impressions.toLocaleString(),
                revenue: formatUsd(s.difference.revenue_micros),
              })}
            />
          )}
          <Table
            size="small"
            rowKey="app_key"
            pagination={false}
            dataSource={s.lines}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <Empty description={t('empty')} /> }}
            columns={[
              { title: t('col.app'), dataIndex: 'app_name' },
              {
                title: t('col.impressions'),
                dataIndex: 'impressions',
                align: 'right',
                render: (v: number) => v.toLocaleString(),
              },
              {
                title: t('col.revenue'),
                dataIndex: 'revenue_micros',
                align: 'right',
                render: (v: number) => formatUsd(v),
              },
            ]}
          />
          <Typography.Title level={5}>{t('detail.adjustments')}</Typography.Title>
          {s.adjustments.length === 0 ? (
            <Typography.Text type="secondary">{t('detail.noAdjustments')}</Typography.Text>
          ) : (
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={s.adjustments}
              columns={[
                { title: t('col.kind'), dataIndex: 'kind', render: (k: string) => t(`kinds.${k}`) },
                { title: t('col.reason'), render: (_, a) => (lang === 'en' ? a.reason_en : a.reason_zh) },
                {
                  title: t('col.amount'),
                  dataIndex: 'amount_micros',
                  align: 'right',
                  render: (v: number) => formatUsd(v),
                },
              ]}
            />
          )}
          {extra}
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('col.revenue')}>{formatUsd(s.revenue_micros)}</Descriptions.Item>
            <Descriptions.Item label={t('col.adjustments')}>
              {formatUsd(s.adjustments_micros)}
            </Descriptions.Item>
            <Descriptions.Item label={t('col.total')}>{formatUsd(s.total_micros)}</Descriptions.Item>
            {s.carried_in_micros !== 0 && (
              <Descriptions.Item label={t('detail.carriedIn')}>
                {formatUsd(s.carried_in_micros)}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('col.payable')}>
              <strong data-testid="statement-payable">{formatUsd(s.payable_micros)}</strong>
            </Descriptions.Item>
          </Descriptions>
          <Typography.Text type="secondary">{t('detail.rounding')}</Typography.Text>
          {!ops && s.status === 'confirmed' && !s.carried_over && (
            <Space orientation="vertical">
              {s.invoice_required && <Typography.Text>{t('detail.invoiceNeeded')}</Typography.Text>}
              <Upload
                accept="application/pdf,.pdf"
                showUploadList={false}
                customRequest={async ({ file, onSuccess, onError }) => {
                  try {
                    await upload.mutateAsync({ file: file as File, statementId: s.id });
                    succeed(t('upload.ok'));
                    onSuccess?.(null);
                  } catch (err) {
                    onError?.(err as Error);
                  }
                }}
              >
                <Button loading={upload.isPending} data-testid="statement-invoice">
                  {t('detail.invoice')}
                </Button>
              </Upload>
            </Space>
          )}
          {s.has_invoice && <Tag color="purple">{t('detail.invoiced')}</Tag>}
        </Space>
      )}
    </Drawer>
  );
}

/**
 * /account/audit (issue 16 §3): the audit log of the caller's organisation (operations: every
 * organisation), newest first, filtered by actor, object type and date range, exported as CSV. Each
 * row shows who, when, from where, what and the fields before and after the change. On a phone the
 * filters stack and each entry is a card (components/list-page/list-table.tsx `RowCards`).
 */
import { type AuditEntry, type AuditObjectType, auditObjectTypes } from '@portal/contracts/security.ts';
import {
  Button,
  Card,
  DatePicker,
  Form,
  InputNumber,
  Pagination,
  Select,
  Space,
  Table,
  type TableColumnType,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowCards } from '@/components/list-page/list-table.tsx';
import { ensureSecurityCatalogue } from '@/lib/security-catalogue.ts';
import { usePhone } from '@/lib/use-phone.ts';
import { type AuditFilter, exportAuditLog, useAuditLog } from '../api/audit-api.ts';

ensureSecurityCatalogue();

type Values = { actor_id?: number | null; object_type?: AuditObjectType; dates?: [Dayjs, Dayjs] | null };

/** Compact `key: value` lines of a before/after object. */
function Fields({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span>-</span>;
  if (typeof value !== 'object') return <span>{String(value)}</span>;
  return (
    <div className="audit-fields">
      {Object.entries(value as Record<string, unknown>).map(([k, v]) => (
        <div key={k}>
          <Typography.Text type="secondary">{k}: </Typography.Text>
          <Typography.Text>{typeof v === 'string' ? v : JSON.stringify(v)}</Typography.Text>
        </div>
      ))}
    </div>
  );
}

/** The audit log screen. */
export default function AuditPage() {
  const { t } = useTranslation('security');
  const [form] = Form.useForm<Values>();
  const [filter, setFilter] = useState<AuditFilter>({ page_no: 1, page_size: 20 });
  const [exporting, setExporting] = useState(false);
  const log = useAuditLog(filter);
  const phone = usePhone();
  const columns: TableColumnType<AuditEntry>[] = [
    {
      title: t('audit.time'),
      dataIndex: 'at',
      width: 170,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: t('audit.actor'),
      key: 'actor',
      render: (_: unknown, r) => (r.actor_email ? `${r.actor_email} (${r.actor_id})` : (r.actor_id ?? '-')),
    },
    {
      title: t('audit.object'),
      key: 'object',
      render: (_: unknown, r) => (
        <span data-testid="audit-object">
          {t(`audit.types.${r.object_type}`, { defaultValue: r.object_type })} #{r.object_id}
        </span>
      ),
    },
    {
      title: t('audit.action'),
      dataIndex: 'action',
      render: (a: string) => (
        <span data-testid="audit-action">{t(`audit.actions.${a}`, { defaultValue: a })}</span>
      ),
    },
    { title: t('audit.before'), dataIndex: 'before', render: (v: unknown) => <Fields value={v} /> },
    { title: t('audit.after'), dataIndex: 'after', render: (v: unknown) => <Fields value={v} /> },
    { title: t('audit.ip'), dataIndex: 'ip', width: 130, render: (v: string | null) => v ?? '-' },
  ];
  const onPage = (page_no: number, page_size: number) => setFilter({ ...filter, page_no, page_size });

  const toFilter = (v: Values): Omit<AuditFilter, 'page_no' | 'page_size'> => ({
    actor_id: v.actor_id ?? undefined,
    object_type: v.object_type,
    start: v.dates?.[0]?.format('YYYY-MM-DD'),
    end: v.dates?.[1]?.format('YYYY-MM-DD'),
  });
  const onSearch = (v: Values) => setFilter({ ...toFilter(v), page_no: 1, page_size: filter.page_size });
  const onExport = async () => {
    setExporting(true);
    try {
      await exportAuditLog(toFilter(form.getFieldsValue()));
    } catch {
      // shown by the request client
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card title={t('audit.title')} data-testid="audit-page">
      <Typography.Paragraph>{t('audit.intro')}</Typography.Paragraph>
      <Form
        form={form}
        layout={phone ? 'vertical' : 'inline'}
        onFinish={onSearch}
        style={{ rowGap: 12, marginBottom: 16 }}
      >
        <Form.Item name="actor_id" label={t('audit.actorId')}>
          <InputNumber min={1} precision={0} style={{ width: 120 }} data-testid="audit-actor" />
        </Form.Item>
        <Form.Item name="object_type" label={t('audit.objectType')}>
          <Select
            allowClear
            placeholder={t('audit.all')}
            style={{ width: 160 }}
            data-testid="audit-object-type"
            options={auditObjectTypes.map((v) => ({ value: v, label: t(`audit.types.${v}`) }))}
          />
        </Form.Item>
        <Form.Item name="dates" label={t('audit.dates')}>
          <DatePicker.RangePicker
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
            style={phone ? { width: '100%' } : undefined}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="audit-search">
            {t('audit.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setFilter({ page_no: 1, page_size: filter.page_size });
            }}
          >
            {t('audit.reset')}
          </Button>
          <Button onClick={onExport} loading={exporting} data-testid="audit-export">
            {t('audit.export')}
          </Button>
        </Space>
      </Form>
      {phone ? (
        <RowCards<AuditEntry>
          testId="audit-table"
          rowKey="id"
          columns={columns}
          rows={log.data?.list ?? []}
          loading={log.isFetching}
          footer={
            <Pagination
              className="list-cards-pagination"
              size="small"
              current={filter.page_no}
              pageSize={filter.page_size}
              total={log.data?.total ?? 0}
              hideOnSinglePage
              onChange={onPage}
            />
          }
        />
      ) : (
        <>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the region scrolls sideways and takes focus so the keyboard can scroll it (WCAG 2.1.1, axe scrollable-region-focusable) */}
          <section style={{ overflowX: 'auto' }} aria-label={t('audit.title')} tabIndex={0}>
            <Table<AuditEntry>
              rowKey="id"
              size="middle"
              data-testid="audit-table"
              style={{ minWidth: 1100 }}
              loading={log.isFetching}
              dataSource={log.data?.list ?? []}
              pagination={{
                current: filter.page_no,
                pageSize: filter.page_size,
                total: log.data?.total ?? 0,
                showSizeChanger: true,
                onChange: onPage,
              }}
              columns={columns}
            />
          </section>
        </>
      )}
    </Card>
  );
}

/**
 * /report/schedules (issue 13 item 8): the caller's scheduled report mails with their next send and
 * the latest send's result; create, edit and delete. A schedule mails a saved view (own or shared)
 * of a report the caller may open and that has an export, daily or weekly at an hour in a time zone,
 * to members of the organisation. The server checks all of it again.
 */
import { reportScreens } from '@portal/contracts/report-registry/index.ts';
import {
  type ReportSchedule,
  type ReportScheduleBody,
  type SavedView,
  schedulableKinds,
} from '@portal/contracts/report-views.ts';
import { useQueries } from '@tanstack/react-query';
import { Button, Card, Form, Modal, Popconfirm, Radio, Select, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadedTable } from '@/components/list-page/loaded-table.tsx';
import { useAccess } from '@/lib/access-context.ts';
import { succeed } from '@/lib/notify.ts';
import { browserZone, timeZones } from '@/lib/time-zones.ts';
import { ensureViewsCatalogue } from '@/lib/views-catalogue.ts';
import {
  savedViewsQuery,
  useDeleteSchedule,
  useRecipients,
  useSaveSchedule,
  useSchedules,
  useSendNow,
} from '../api/use-saved-views.ts';

ensureViewsCatalogue();

type FormValues = {
  view_id: number;
  frequency: 'daily' | 'weekly';
  weekday?: number;
  hour: number;
  timezone: string;
  recipients: string[];
  format: 'xlsx' | 'csv';
};

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];
const HOURS = Array.from({ length: 24 }, (_, h) => h);
const statusColor = { sent: 'green', pending: 'gold', failed: 'red' } as const;

/**
 * The saved views a schedule may mail: those of the schedulable kinds (contracts `schedulableKinds`,
 * from the report registry) the caller may open, i.e. one of whose screens the menu permits.
 */
function useSchedulableViews(): SavedView[] {
  const { permitted } = useAccess();
  const views = useQueries({
    queries: schedulableKinds.map((kind) =>
      savedViewsQuery(
        kind,
        reportScreens.some((s) => s.kind === kind && permitted.has(s.path)),
      ),
    ),
  });
  return views.flatMap((v) => v.data ?? []);
}

/** The schedules screen. */
export default function ReportSchedulesPage() {
  const { t } = useTranslation('views');
  const schedules = useSchedules();
  const views = useSchedulableViews();
  const recipients = useRecipients();
  const save = useSaveSchedule();
  const remove = useDeleteSchedule();
  const sendNow = useSendNow();
  const [editing, setEditing] = useState<ReportSchedule | 'new' | null>(null);
  const [form] = Form.useForm<FormValues>();
  const frequency = Form.useWatch('frequency', form);
  const zoneOptions = useMemo(() => timeZones().map((z) => ({ value: z, label: z })), []);

  const openEditor = (s: ReportSchedule | 'new') => setEditing(s);
  const initialValues: Partial<FormValues> =
    editing && editing !== 'new'
      ? {
          view_id: editing.view_id,
          frequency: editing.frequency,
          weekday: editing.weekday ?? undefined,
          hour: editing.hour,
          timezone: editing.timezone,
          recipients: editing.recipients,
          format: editing.format,
        }
      : { frequency: 'daily', hour: 8, timezone: browserZone(), format: 'xlsx', weekday: 1, recipients: [] };

  const onSave = async (v: FormValues) => {
    const body: ReportScheduleBody = {
      ...v,
      weekday: v.frequency === 'weekly' ? (v.weekday ?? 1) : null,
    };
    try {
      await save.mutateAsync({ id: editing && editing !== 'new' ? editing.id : undefined, body });
    } catch {
      return; // the request client has shown the message
    }
    setEditing(null);
    succeed(t('schedules.saved'));
  };

  const when = (s: ReportSchedule) =>
    s.frequency === 'daily'
      ? t('schedules.when.daily', { hour: String(s.hour).padStart(2, '0'), tz: s.timezone })
      : t('schedules.when.weekly', {
          day: t(`schedules.weekdays.${s.weekday ?? 1}`),
          hour: String(s.hour).padStart(2, '0'),
          tz: s.timezone,
        });

  return (
    <Card
      title={t('schedules.title')}
      data-testid="report-schedules-page"
      extra={
        <Button type="primary" onClick={() => openEditor('new')} data-testid="schedule-create">
          {t('schedules.create')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('schedules.intro')}</Typography.Paragraph>
      <LoadedTable<ReportSchedule>
        testId="schedules-table"
        label={t('schedules.title')}
        rowKey="id"
        loading={schedules.isLoading}
        rows={schedules.data ?? []}
        pageSize={false}
        emptyText={t('schedules.empty')}
        columns={[
          { title: t('schedules.view'), dataIndex: 'view_name' },
          { title: t('schedules.frequency'), key: 'when', render: (_, s) => when(s) },
          { title: t('schedules.recipients'), key: 'to', render: (_, s) => s.recipients.join(', ') },
          { title: t('schedules.format'), dataIndex: 'format', render: (f: string) => f.toUpperCase() },
          {
            title: t('schedules.next'),
            key: 'next',
            render: (_, s) => dayjs(s.next_due_at).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: t('schedules.last'),
            key: 'last',
            render: (_, s) => (s.last_due_at ? dayjs(s.last_due_at).format('YYYY-MM-DD HH:mm') : '—'),
          },
          {
            title: t('schedules.result'),
            key: 'result',
            render: (_, s) =>
              s.last_status ? (
                <Tag color={statusColor[s.last_status]} title={s.last_error ?? undefined}>
                  {t(`schedules.status.${s.last_status}`)}
                </Tag>
              ) : (
                t('schedules.status.never')
              ),
          },
          {
            title: t('schedules.actions'),
            key: 'actions',
            render: (_, s) => (
              <Space size={4}>
                <Button size="small" onClick={() => openEditor(s)}>
                  {t('schedules.editAction')}
                </Button>
                <Button
                  size="small"
                  data-testid={`schedule-send-${s.id}`}
                  loading={sendNow.isPending && sendNow.variables === s.id}
                  onClick={async () => {
                    try {
                      await sendNow.mutateAsync(s.id);
                      succeed(t('schedules.queued'));
                    } catch {
                      // the request client has shown the message
                    }
                  }}
                >
                  {t('schedules.sendNow')}
                </Button>
                <Popconfirm
                  title={t('schedules.deleteConfirm')}
                  onConfirm={async () => {
                    try {
                      await remove.mutateAsync(s.id);
                      succeed(t('schedules.deleted'));
                    } catch {
                      // the request client has shown the message
                    }
                  }}
                >
                  <Button size="small" danger>
                    {t('schedules.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('schedules.create') : t('schedules.edit')}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        confirmLoading={save.isPending}
        destroyOnHidden
      >
        <Form<FormValues> form={form} layout="vertical" onFinish={onSave} initialValues={initialValues}>
          <Form.Item
            name="view_id"
            label={t('schedules.view')}
            rules={[{ required: true, message: t('schedules.viewRule') }]}
          >
            <Select
              data-testid="schedule-view"
              options={views.map((v) => ({ value: v.id, label: `${v.name} (${v.kind.toUpperCase()})` }))}
            />
          </Form.Item>
          <Form.Item name="frequency" label={t('schedules.frequency')}>
            <Radio.Group
              options={[
                { value: 'daily', label: t('schedules.daily') },
                { value: 'weekly', label: t('schedules.weekly') },
              ]}
            />
          </Form.Item>
          {frequency === 'weekly' ? (
            <Form.Item name="weekday" label={t('schedules.weekday')}>
              <Select options={WEEKDAYS.map((d) => ({ value: d, label: t(`schedules.weekdays.${d}`) }))} />
            </Form.Item>
          ) : null}
          <Space wrap>
            <Form.Item name="hour" label={t('schedules.hour')}>
              <Select
                style={{ width: 100 }}
                options={HOURS.map((h) => ({ value: h, label: `${String(h).padStart(2, '0')}:00` }))}
              />
            </Form.Item>
            <Form.Item name="timezone" label={t('schedules.timezone')}>
              <Select
                style={{ width: 240 }}
                showSearch
                options={zoneOptions}
                data-testid="schedule-timezone"
              />
            </Form.Item>
          </Space>
          <Form.Item
            name="recipients"
            label={t('schedules.recipients')}
            rules={[{ required: true, type: 'array', min: 1, message: t('schedules.recipientsRule') }]}
          >
            <Select
              mode="multiple"
              data-testid="schedule-recipients"
              loading={recipients.isLoading}
              options={(recipients.data ?? []).map((e) => ({ value: e, label: e }))}
            />
          </Form.Item>
          <Form.Item name="format" label={t('schedules.format')}>
            <Radio.Group
              options={[
                { value: 'xlsx', label: 'XLSX' },
                { value: 'csv', label: 'CSV' },
              ]}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}

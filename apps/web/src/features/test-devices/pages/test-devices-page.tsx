/**
 * /account/testDevices (issue 27 item 2): the organisation's test devices (organisation admins):
 * name, platform, advertising ID (GAID or IDFA), who added it and when; add, edit and remove. The
 * ad server serves test ads to these devices, also before an app or ad slot is approved. The form
 * checks IDs with the server's rule (contracts test-devices.ts); the server checks again. On a phone
 * each device is a card (components/list-page/loaded-table.tsx), its ID and actions in view.
 */
import type { Lang } from '@portal/contracts/codes.ts';
import type { FieldError } from '@portal/contracts/envelope.ts';
import { type TestDevice, testDeviceProblems } from '@portal/contracts/test-devices.ts';
import { Button, Card, Empty, Form, Input, Modal, Popconfirm, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadedTable } from '@/components/list-page/loaded-table.tsx';
import { addCatalogue } from '@/lib/i18n.ts';
import { succeed } from '@/lib/notify.ts';
import { RequestError } from '@/lib/request.ts';
import en from '@/locales/en/test-devices.json';
import zh from '@/locales/zh/test-devices.json';
import { useRemoveTestDevice, useSaveTestDevice, useTestDevices } from '../api/test-devices-api.ts';

addCatalogue('testDevices', { zh, en });

type Values = { advertising_id: string; name: string; platform?: number };

/** The test devices screen. */
export default function TestDevicesPage() {
  const { t, i18n } = useTranslation('testDevices');
  const lang: Lang = i18n.language.startsWith('en') ? 'en' : 'zh';
  const devices = useTestDevices();
  const save = useSaveTestDevice();
  const remove = useRemoveTestDevice();
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<TestDevice | 'new' | null>(null);

  const open = (d: TestDevice | 'new') => {
    setEditing(d);
    form.setFieldsValue(
      d === 'new' ? { advertising_id: '', name: '', platform: undefined } : { ...d, platform: d.platform },
    );
  };

  const fieldRule = (field: keyof Values) => ({
    validator: async () => {
      const v = form.getFieldsValue();
      const problem = testDeviceProblems(
        { advertising_id: v.advertising_id ?? '', name: v.name ?? '', platform: v.platform ?? 0 },
        lang,
      ).find((p) => p.field === field);
      if (problem) throw new Error(problem.message);
    },
  });

  const submit = async () => {
    const v = await form.validateFields();
    try {
      await save.mutateAsync({
        ...(editing && editing !== 'new' ? { id: editing.id } : {}),
        advertising_id: v.advertising_id.trim(),
        name: v.name.trim(),
        platform: v.platform as number,
      });
      succeed(t('saved'));
      setEditing(null);
    } catch (err) {
      if (err instanceof RequestError && err.code === 604) {
        const errors = (err.data as { errors?: FieldError[] } | undefined)?.errors ?? [];
        form.setFields(errors.map((e) => ({ name: e.field as keyof Values, errors: [e.message] })));
      }
    }
  };

  return (
    <Card
      title={t('title')}
      data-testid="test-devices-page"
      extra={
        <Button type="primary" data-testid="add-test-device" onClick={() => open('new')}>
          {t('add')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <LoadedTable<TestDevice>
        testId="test-devices-table"
        label={t('title')}
        rowKey="id"
        size="middle"
        loading={devices.isPending}
        rows={devices.data ?? []}
        pageSize={50}
        emptyText={
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty.title')}>
            <Typography.Paragraph type="secondary">{t('empty.body')}</Typography.Paragraph>
            <Button type="primary" onClick={() => open('new')} data-testid="empty-add-test-device">
              {t('empty.action')}
            </Button>
          </Empty>
        }
        columns={[
          { title: t('columns.name'), dataIndex: 'name', width: 160, ellipsis: true },
          {
            title: t('columns.platform'),
            dataIndex: 'platform',
            width: 110,
            render: (p: number) => t(`platform.${p}`),
          },
          {
            title: t('columns.advertisingId'),
            dataIndex: 'advertising_id',
            width: 330,
            render: (id: string) => (
              <Typography.Text code copyable={{ text: id }}>
                {id}
              </Typography.Text>
            ),
          },
          { title: t('columns.addedBy'), dataIndex: 'added_by', width: 140, ellipsis: true },
          {
            title: t('columns.addedAt'),
            dataIndex: 'added_at',
            width: 150,
            render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: t('columns.actions'),
            key: 'actions',
            width: 140,
            render: (_, d) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  data-testid={`edit-test-device-${d.id}`}
                  onClick={() => open(d)}
                >
                  {t('edit')}
                </Button>
                <Popconfirm
                  title={t('removeConfirm', { name: d.name })}
                  okText={t('remove')}
                  cancelText={t('cancel')}
                  onConfirm={async () => {
                    await remove.mutateAsync(d.id);
                    succeed(t('removed'));
                  }}
                >
                  <Button type="link" size="small" danger data-testid={`remove-test-device-${d.id}`}>
                    {t('remove')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('addTitle') : t('editTitle')}
        okText={t('save')}
        cancelText={t('cancel')}
        onOk={() => void submit().catch(() => undefined)}
        onCancel={() => setEditing(null)}
        confirmLoading={save.isPending}
        okButtonProps={{ 'data-testid': 'test-device-save' } as Record<`data-${string}`, string>}
        forceRender
      >
        <Form form={form} layout="vertical" data-testid="test-device-form">
          <Form.Item name="name" label={t('columns.name')} rules={[fieldRule('name')]}>
            <Input maxLength={50} id="test-device-name" />
          </Form.Item>
          <Form.Item name="platform" label={t('columns.platform')} rules={[fieldRule('platform')]}>
            <Select
              data-testid="test-device-platform"
              options={[1, 2].map((p) => ({ value: p, label: t(`platform.${p}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="advertising_id"
            label={t('columns.advertisingId')}
            extra={t('idHelp')}
            rules={[fieldRule('advertising_id')]}
          >
            <Input id="test-device-id" placeholder="38400000-8cf0-11bd-b23e-10b96e40000d" maxLength={64} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}

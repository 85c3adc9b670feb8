/**
 * /account/apiKeys (issue 16 §1): the caller's reporting API keys (an organisation admin sees every
 * key of the organisation) with name, key prefix, creator, created, last used and uses; creating a
 * key shows it once with a curl example; revoking asks first.
 */
import { Role } from '@portal/contracts/constants.ts';
import type { ApiKey, ApiKeyCreated } from '@portal/contracts/security.ts';
import { Alert, Button, Card, Form, Input, Modal, Popconfirm, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadedTable } from '@/components/list-page/loaded-table.tsx';
import { succeed } from '@/lib/notify.ts';
import { ensureSecurityCatalogue } from '@/lib/security-catalogue.ts';
import { useSession } from '@/lib/use-session.ts';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys-api.ts';

ensureSecurityCatalogue();

const when = (iso: string | null, never: string) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : never);

/** The API keys screen. */
export default function ApiKeysPage() {
  const { t } = useTranslation('security');
  const { userInfo } = useSession();
  const isAdmin = userInfo?.opt_permission.some((p) => p.role_info.id === Role.ADMIN) ?? false;
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [form] = Form.useForm<{ name: string }>();
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);

  const onCreate = async ({ name }: { name: string }) => {
    try {
      setCreated(await create.mutateAsync(name.trim()));
      form.resetFields();
    } catch {
      // The request client has shown the message.
    }
  };

  const origin = window.location.origin;
  const example = created
    ? `curl -H "Authorization: Bearer ${created.key}" \\\n  "${origin}/v1/report/list/sdk?dt=${dayjs().subtract(7, 'day').format('YYYYMMDD')},${dayjs().subtract(1, 'day').format('YYYYMMDD')}&fields=dt,app_key,request,revenue"`
    : '';

  return (
    <Card title={t('apiKeys.title')} data-testid="api-keys-page">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph style={{ marginBottom: 0 }}>{t('apiKeys.intro')}</Typography.Paragraph>
        {isAdmin && <Alert type="info" showIcon title={t('apiKeys.adminNote')} />}
        <Form form={form} layout="inline" onFinish={onCreate} aria-label={t('apiKeys.create')}>
          <Form.Item
            name="name"
            label={t('apiKeys.name')}
            rules={[
              { required: true, whitespace: true, message: t('apiKeys.nameRequired') },
              { max: 60, message: t('apiKeys.nameRule') },
            ]}
          >
            <Input
              placeholder={t('apiKeys.namePlaceholder')}
              maxLength={60}
              data-testid="api-key-name"
              style={{ width: 260 }}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="api-key-create">
            {t('apiKeys.create')}
          </Button>
        </Form>
        <LoadedTable<ApiKey>
          testId="api-keys-table"
          label={t('apiKeys.title')}
          rowKey="id"
          size="middle"
          loading={keys.isPending}
          rows={keys.data ?? []}
          pageSize={false}
          emptyText={t('apiKeys.empty')}
          columns={[
            { title: t('apiKeys.name'), dataIndex: 'name' },
            {
              title: t('apiKeys.prefix'),
              dataIndex: 'prefix',
              render: (p: string) => <Typography.Text code>{`${p}…`}</Typography.Text>,
            },
            { title: t('apiKeys.owner'), dataIndex: 'user_email' },
            { title: t('apiKeys.created'), dataIndex: 'created_at', render: (v: string) => when(v, '') },
            {
              title: t('apiKeys.lastUsed'),
              dataIndex: 'last_used_at',
              render: (v: string | null) => when(v, t('apiKeys.never')),
            },
            { title: t('apiKeys.uses'), dataIndex: 'use_count', align: 'right' },
            {
              title: '',
              key: 'revoke',
              render: (_: unknown, row: ApiKey) => (
                <Popconfirm
                  title={t('apiKeys.revokeConfirm')}
                  onConfirm={async () => {
                    await revoke.mutateAsync(row.id);
                    succeed(t('apiKeys.revoked'));
                  }}
                >
                  <Button danger size="small" data-testid={`api-key-revoke-${row.id}`}>
                    {t('apiKeys.revoke')}
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      </Space>
      <Modal
        open={created !== null}
        title={t('apiKeys.createdTitle')}
        onCancel={() => setCreated(null)}
        footer={
          <Button type="primary" onClick={() => setCreated(null)} data-testid="api-key-done">
            {t('apiKeys.done')}
          </Button>
        }
        width={720}
      >
        <Alert type="warning" showIcon title={t('apiKeys.createdIntro')} style={{ marginBottom: 12 }} />
        <Typography.Paragraph copyable={{ text: created?.key }}>
          <Typography.Text code data-testid="api-key-secret">
            {created?.key}
          </Typography.Text>
        </Typography.Paragraph>
        <Typography.Text strong>{t('apiKeys.example')}</Typography.Text>
        <pre className="api-key-example" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {example}
        </pre>
      </Modal>
    </Card>
  );
}

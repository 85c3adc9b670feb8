/**
 * An app's app-ads.txt (issue 27 item 3): the developer website (saved with the server's check of
 * the address), the exact line to add to `https://<domain>/app-ads.txt` with a copy button, and the
 * last check's status and time with "Check now" (the server crawls at most 10 s). The portal also
 * checks daily.
 */
import type { AppAdsState, AppAdsStatus } from '@portal/contracts/app-ads.ts';
import type { FieldError } from '@portal/contracts/envelope.ts';
import { Alert, Button, Descriptions, Drawer, Form, Grid, Input, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { succeed } from '@/lib/notify.ts';
import { RequestError } from '@/lib/request.ts';
import { useCheckAppAds, useSaveDeveloperWebsite } from '../api/apps-api.ts';

const colour: Record<AppAdsStatus, string> = {
  found: 'success',
  line_missing: 'warning',
  line_wrong: 'error',
  file_missing: 'warning',
  unreachable: 'default',
};

/** The status tag of a state (also the apps list's column). */
export function AppAdsTag({ state }: { state: AppAdsState | undefined }) {
  const { t } = useTranslation('appAds');
  if (!state?.developer_website)
    return <Typography.Text type="secondary">{t('status.noWebsite')}</Typography.Text>;
  if (!state.status) return <Tag>{t('status.unchecked')}</Tag>;
  return (
    <Tag color={colour[state.status]} data-testid={`app-ads-status-${state.app_id}`}>
      {t(`status.${state.status}`)}
    </Tag>
  );
}

export type AppAdsDrawerProps = { state: AppAdsState | null; onClose: () => void };

export function AppAdsDrawer({ state, onClose }: AppAdsDrawerProps) {
  const { t } = useTranslation('appAds');
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<{ developer_website: string }>();
  const save = useSaveDeveloperWebsite();
  const check = useCheckAppAds();

  useEffect(() => {
    if (state) form.setFieldsValue({ developer_website: state.developer_website ?? '' });
  }, [state, form]);

  const onSave = async ({ developer_website }: { developer_website: string }) => {
    if (!state) return;
    try {
      await save.mutateAsync({ app_id: state.app_id, developer_website: developer_website.trim() || null });
      succeed(t('saved'));
    } catch (err) {
      if (err instanceof RequestError && err.code === 604) {
        const errors = (err.data as { errors?: FieldError[] } | undefined)?.errors ?? [];
        form.setFields(errors.map((e) => ({ name: 'developer_website' as const, errors: [e.message] })));
      }
    }
  };

  return (
    <Drawer
      open={state !== null}
      onClose={onClose}
      size={screens.md ? 620 : '100%'}
      title={state ? t('title', { name: state.app_name }) : ''}
      data-testid="app-ads-drawer"
      destroyOnHidden
    >
      {state && (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {t('intro')}
          </Typography.Paragraph>
          <Form form={form} layout="vertical" onFinish={onSave}>
            <Form.Item name="developer_website" label={t('website')} extra={t('websiteHelp')}>
              <Input placeholder="https://example.com" maxLength={500} data-testid="app-ads-website" />
            </Form.Item>
            <Button htmlType="submit" loading={save.isPending} data-testid="app-ads-save">
              {t('save')}
            </Button>
          </Form>
          <div>
            <Typography.Text strong>{t('line')}</Typography.Text>
            <Typography.Paragraph
              code
              copyable={{ text: state.line, tooltips: [t('copy'), t('copied')] }}
              data-testid="app-ads-line"
              style={{ marginTop: 4 }}
            >
              {state.line}
            </Typography.Paragraph>
          </div>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('file')}>
              {state.url ? (
                <Typography.Text copyable>{state.url}</Typography.Text>
              ) : (
                <Typography.Text type="secondary">{t('status.noWebsite')}</Typography.Text>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('statusLabel')}>
              <Space wrap>
                <AppAdsTag state={state} />
                {state.detail && <Typography.Text type="secondary">{state.detail}</Typography.Text>}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('checkedAt')}>
              {state.checked_at ? dayjs(state.checked_at).format('YYYY-MM-DD HH:mm') : t('never')}
            </Descriptions.Item>
          </Descriptions>
          {state.status && state.status !== 'found' && (
            <Alert type="warning" showIcon title={t(`advice.${state.status}`)} />
          )}
          <Button
            type="primary"
            disabled={!state.developer_website}
            loading={check.isPending}
            data-testid="app-ads-check"
            onClick={() =>
              void check
                .mutateAsync(state.app_id)
                .then((s) => succeed(t('checked', { status: s.status ? t(`status.${s.status}`) : '' })))
                .catch(() => undefined)
            }
          >
            {t('checkNow')}
          </Button>
        </Space>
      )}
    </Drawer>
  );
}

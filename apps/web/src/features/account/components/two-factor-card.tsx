/**
 * Two-factor sign-in on the security screen (issue 16 §2): state, enrolment (QR code as an <img> of a
 * data URL, the key for manual entry, a first code) after the password, the recovery codes shown once, turning it off
 * with password and code, and the organisation policy for admins.
 */
import type { ReauthBody, TwoFactorEnrolment } from '@portal/contracts/security.ts';
import { Alert, Button, Card, Form, Input, Modal, Space, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { succeed } from '@/lib/notify.ts';
import {
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useEnrol,
  useTwoFactorPolicy,
  useTwoFactorStatus,
} from '../api/security-api.ts';
import { ReauthModal } from './reauth-modal.tsx';

const CODE_RE = /^\d{6}$/;

/** The two-factor card. */
export function TwoFactorCard() {
  const { t } = useTranslation('security');
  const status = useTwoFactorStatus();
  const enrol = useEnrol();
  const confirm = useConfirmTwoFactor();
  const disable = useDisableTwoFactor();
  const policy = useTwoFactorPolicy();
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const [disabling, setDisabling] = useState(false);
  const [askingPassword, setAskingPassword] = useState(false);
  const [codeForm] = Form.useForm<{ code: string }>();
  const [offForm] = Form.useForm<{ password: string; code: string }>();
  const s = status.data;

  const codeRules = [{ required: true, pattern: CODE_RE, message: t('twoFactor.codeRule') }];

  // Enrolling asks for the password first (the server refuses it without: 606).
  const start = async (body: ReauthBody) => {
    setEnrolment(await enrol.mutateAsync(body));
    setAskingPassword(false);
  };
  const onConfirm = async ({ code }: { code: string }) => {
    try {
      const res = await confirm.mutateAsync(code.trim());
      setEnrolment(null);
      codeForm.resetFields();
      setRecovery(res.recovery_codes);
    } catch {
      codeForm.setFieldValue('code', '');
    }
  };
  const onDisable = async (v: { password: string; code: string }) => {
    try {
      await disable.mutateAsync({ password: v.password, code: v.code.trim() });
      setDisabling(false);
      offForm.resetFields();
      succeed(t('twoFactor.disabledMsg'));
    } catch {
      offForm.setFieldValue('code', '');
    }
  };

  return (
    <Card title={t('twoFactor.title')} loading={status.isPending} data-testid="two-factor-card">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {s?.must_enrol && (
          <Alert type="warning" showIcon title={t('twoFactor.required')} data-testid="two-factor-required" />
        )}
        <Typography.Paragraph style={{ marginBottom: 0 }}>{t('twoFactor.intro')}</Typography.Paragraph>
        <div>
          <Tag color={s?.enabled ? 'green' : 'default'} data-testid="two-factor-state">
            {s?.enabled ? t('twoFactor.on') : t('twoFactor.off')}
          </Tag>
          {s?.enabled && (
            <Typography.Text type="secondary">
              {t('twoFactor.recoveryLeft', { count: s.recovery_codes_left })}
            </Typography.Text>
          )}
        </div>
        {s && !s.enabled && !enrolment && (
          <Button type="primary" onClick={() => setAskingPassword(true)} data-testid="two-factor-enable">
            {t('twoFactor.enable')}
          </Button>
        )}
        {enrolment && (
          <div className="two-factor-enrol" data-testid="two-factor-enrol">
            <Typography.Paragraph>{t('twoFactor.scan')}</Typography.Paragraph>
            <img src={enrolment.qr_data_url} alt={t('twoFactor.qrAlt')} width={200} height={200} />
            <Typography.Paragraph style={{ marginTop: 8 }}>
              {t('twoFactor.manual')}{' '}
              <Typography.Text code copyable data-testid="two-factor-secret">
                {enrolment.secret}
              </Typography.Text>
            </Typography.Paragraph>
            <Form form={codeForm} layout="inline" onFinish={onConfirm} aria-label={t('twoFactor.confirm')}>
              <Form.Item name="code" label={t('twoFactor.code')} rules={codeRules}>
                <Input
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  placeholder={t('twoFactor.codePlaceholder')}
                  data-testid="two-factor-code"
                  style={{ width: 140 }}
                />
              </Form.Item>
              <Space>
                <Button
                  type="primary"
                  htmlType="submit"
                  loading={confirm.isPending}
                  data-testid="two-factor-confirm"
                >
                  {t('twoFactor.confirm')}
                </Button>
                <Button onClick={() => setEnrolment(null)}>{t('twoFactor.cancel')}</Button>
              </Space>
            </Form>
          </div>
        )}
        {s?.enabled && (
          <Button danger onClick={() => setDisabling(true)} data-testid="two-factor-disable">
            {t('twoFactor.disable')}
          </Button>
        )}
        {s?.can_set_policy && (
          <Card type="inner" size="small" title={t('twoFactor.policyTitle')}>
            <Space>
              <Switch
                checked={s.required_by_organisation}
                loading={policy.isPending}
                onChange={async (on) => {
                  await policy.mutateAsync(on);
                  succeed(t('twoFactor.policySaved'));
                }}
                aria-label={t('twoFactor.policyLabel')}
                data-testid="two-factor-policy"
              />
              <span>{t('twoFactor.policyLabel')}</span>
            </Space>
          </Card>
        )}
      </Space>
      <Modal
        open={recovery !== null}
        title={t('twoFactor.recoveryTitle')}
        closable={false}
        mask={{ closable: false }}
        footer={
          <Button type="primary" onClick={() => setRecovery(null)} data-testid="recovery-done">
            {t('twoFactor.recoveryDone')}
          </Button>
        }
      >
        <Alert type="warning" showIcon title={t('twoFactor.recoveryIntro')} style={{ marginBottom: 12 }} />
        <Typography.Paragraph copyable={{ text: recovery?.join('\n') }}>
          <ol className="recovery-codes" data-testid="recovery-codes">
            {recovery?.map((c) => (
              <li key={c}>
                <Typography.Text code>{c}</Typography.Text>
              </li>
            ))}
          </ol>
        </Typography.Paragraph>
      </Modal>
      <ReauthModal
        open={askingPassword}
        title={t('twoFactor.enable')}
        okText={t('reauth.continue')}
        withCode={false}
        loading={enrol.isPending}
        onSubmit={start}
        onCancel={() => setAskingPassword(false)}
        testId="two-factor-reauth"
      />
      <Modal
        open={disabling}
        title={t('twoFactor.disableTitle')}
        onCancel={() => setDisabling(false)}
        onOk={() => offForm.submit()}
        okButtonProps={
          { danger: true, loading: disable.isPending, 'data-testid': 'two-factor-disable-ok' } as never
        }
        okText={t('twoFactor.disable')}
        cancelText={t('twoFactor.cancel')}
      >
        <Form form={offForm} layout="vertical" onFinish={onDisable}>
          <Form.Item
            name="password"
            label={t('twoFactor.password')}
            rules={[{ required: true, message: t('twoFactor.passwordRule') }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item name="code" label={t('twoFactor.code')} rules={codeRules}>
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}

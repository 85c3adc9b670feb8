/**
 * The login's second step (issue 16 §2): a 6-digit code from the authenticator app, or a recovery
 * code. An expired or spent challenge (10032) sends the visitor back to the password step.
 */
import { KeyOutlined, SafetyOutlined } from '@ant-design/icons';
import { Code } from '@portal/contracts/codes.ts';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '@/lib/request.ts';
import { ensureSecurityCatalogue } from '@/lib/security-catalogue.ts';
import type { LoginResult } from '../api/use-login.ts';
import { useTwoFactorLogin } from '../api/use-two-factor-login.ts';

ensureSecurityCatalogue();

type Props = {
  challenge: string;
  onSignedIn: (res: LoginResult) => void | Promise<void>;
  /** Back to the password step (also after 10032). */
  onRestart: () => void;
};

/** The code form of the second step. */
export function TwoFactorStep({ challenge, onSignedIn, onRestart }: Props) {
  const { t } = useTranslation('security');
  const [form] = Form.useForm<{ code?: string; recovery_code?: string }>();
  const [recovery, setRecovery] = useState(false);
  const verify = useTwoFactorLogin();

  const onFinish = async (v: { code?: string; recovery_code?: string }) => {
    try {
      const res = await verify.mutateAsync(
        recovery
          ? { challenge, recovery_code: v.recovery_code?.trim() }
          : { challenge, code: v.code?.trim() },
      );
      await onSignedIn(res);
    } catch (err) {
      if (err instanceof RequestError && err.code === Code.TWO_FACTOR_CHALLENGE_EXPIRED) onRestart();
      else form.resetFields();
    }
  };

  return (
    <div data-testid="two-factor-step">
      <h1 className="login-title">{t('login.title')}</h1>
      <p className="login-subtitle">{recovery ? t('login.recoveryRule') : t('login.intro')}</p>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        aria-label={t('login.title')}
      >
        {recovery ? (
          <Form.Item
            label={t('login.recovery')}
            name="recovery_code"
            rules={[
              {
                required: true,
                pattern: /^\s*[a-z0-9]{5}-?[a-z0-9]{5}\s*$/i,
                message: t('login.recoveryRule'),
              },
            ]}
          >
            <Input
              autoComplete="off"
              prefix={<KeyOutlined />}
              placeholder={t('login.recoveryPlaceholder')}
              data-testid="two-factor-recovery-input"
            />
          </Form.Item>
        ) : (
          <Form.Item
            label={t('twoFactor.code')}
            name="code"
            rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: t('twoFactor.codeRule') }]}
          >
            <Input
              autoFocus
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              prefix={<SafetyOutlined />}
              placeholder={t('twoFactor.codePlaceholder')}
              data-testid="two-factor-login-code"
            />
          </Form.Item>
        )}
        <Button
          type="primary"
          htmlType="submit"
          block
          size="large"
          loading={verify.isPending}
          data-testid="two-factor-verify"
        >
          {t('login.verify')}
        </Button>
        <div className="login-row" style={{ marginTop: 12 }}>
          <Button
            type="link"
            onClick={() => setRecovery(!recovery)}
            style={{ padding: 0 }}
            data-testid="two-factor-toggle"
          >
            {recovery ? t('login.useCode') : t('login.useRecovery')}
          </Button>
          <Button type="link" onClick={onRestart} style={{ padding: 0 }}>
            {t('login.back')}
          </Button>
        </div>
      </Form>
    </div>
  );
}

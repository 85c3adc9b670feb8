/**
 * The email field of the reset-password and sign-up forms (spec §7: required, well formed, trimmed
 * at the start while typing), with the reset texts both forms share.
 */
import { MailOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { emailRules } from '@/lib/form-rules.ts';

/** `autoComplete`: `username` where the email signs in (reset), `email` for a new account (sign-up). */
export function EmailField({ autoComplete }: { autoComplete: 'username' | 'email' }) {
  const { t } = useTranslation('account');
  return (
    <Form.Item
      label={t('reset.email')}
      name="email"
      normalize={(v: string) => v?.trimStart()}
      rules={emailRules(t('reset.rules.emailRequired'), t('reset.rules.emailFormat'))}
    >
      <Input
        name="email"
        type="email"
        autoComplete={autoComplete}
        prefix={<MailOutlined />}
        placeholder={t('reset.emailPlaceholder')}
      />
    </Form.Item>
  );
}

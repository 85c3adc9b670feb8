/**
 * The new password and its confirmation, shared by reset password and sign-up (spec §5: 8–30
 * characters with a lowercase, an uppercase and a digit; the repeat must equal it). Form names
 * `password` and `confirm`; `autocomplete="new-password"` so password managers offer to save it.
 */
import { LockOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmRules, passwordRules } from '@/lib/form-rules.ts';

export function NewPasswordFields({
  passwordLabel,
  mismatchMessage,
}: {
  passwordLabel: string;
  mismatchMessage: string;
}) {
  const { t } = useTranslation('account');
  return (
    <>
      <Form.Item
        label={passwordLabel}
        name="password"
        extra={t('reset.rules.hint')}
        rules={passwordRules(t('reset.rules.passwordRequired'), t('reset.rules.passwordFormat'))}
      >
        <Input.Password
          name="password"
          autoComplete="new-password"
          prefix={<LockOutlined />}
          placeholder={t('reset.passwordPlaceholder')}
        />
      </Form.Item>
      <Form.Item
        label={t('reset.confirm')}
        name="confirm"
        dependencies={['password']}
        rules={confirmRules('password', t('reset.rules.confirmRequired'), mismatchMessage)}
      >
        <Input.Password
          name="confirm"
          autoComplete="new-password"
          prefix={<LockOutlined />}
          placeholder={t('reset.confirmPlaceholder')}
        />
      </Form.Item>
    </>
  );
}

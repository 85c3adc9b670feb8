import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { fieldErrorsOf } from '@/lib/form-errors.ts';
import { succeed } from '@/lib/notify.ts';
import { useClickLock } from '@/lib/use-click-lock.ts';
import { useResetPassword } from '../api/use-account-forms.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { EmailCodeField } from '../components/email-code-field.tsx';
import { EmailField } from '../components/email-field.tsx';
import { NewPasswordFields } from '../components/new-password-fields.tsx';

type Values = { email: string; password: string; confirm: string; code: string };

/** Reset password screen. */
export default function ResetPasswordPage() {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [locked, lock] = useClickLock();

  const onFinish = async (v: Values) => {
    try {
      await reset.mutateAsync({ email: v.email.trim(), password: v.password, code: v.code.trim() });
      succeed(t('reset.done'), 3);
      navigate('/login', { replace: true });
    } catch (err) {
      form.setFields(fieldErrorsOf(err, { email: 'email', password: 'password', code: 'code' }));
    }
  };

  return (
    <AuthCard testId="reset-password" title={t('reset.title')} subtitle={t('reset.subtitle')}>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        onSubmitCapture={lock}
        noValidate
        validateTrigger={['onSubmit', 'onBlur']}
        aria-label={t('reset.title')}
      >
        <EmailField autoComplete="username" />
        <NewPasswordFields
          passwordLabel={t('reset.password')}
          mismatchMessage={t('reset.rules.confirmMismatch')}
        />
        <EmailCodeField form={form} purpose="reset" requiredMessage={t('reset.rules.codeRequired')} />
        <Button
          type="primary"
          htmlType="submit"
          block
          size="large"
          data-testid="reset-submit"
          disabled={locked}
          loading={reset.isPending}
        >
          {t('reset.submit')}
        </Button>
        <div style={{ marginTop: 16, textAlign: 'center' }}>
          <Link to="/login" data-testid="back-to-login">
            {t('reset.backToLogin')}
          </Link>
        </div>
      </Form>
    </AuthCard>
  );
}

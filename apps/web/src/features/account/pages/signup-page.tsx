/**
 * /signup (issue 3, reached from /login): email, name, password, repeat and an emailed code of
 * purpose `signup` → POST /v1/passport/user/signup (encrypted, signed). The new user then signs in;
 * with company_status 0 the login page sends them to /organize.
 */
import { UserOutlined } from '@ant-design/icons';
import { Code } from '@portal/contracts/codes.ts';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { codeOf, fieldErrorsOf } from '@/lib/form-errors.ts';
import { succeed } from '@/lib/notify.ts';
import { useClickLock } from '@/lib/use-click-lock.ts';
import { useSignup } from '../api/use-account-forms.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { EmailCodeField } from '../components/email-code-field.tsx';
import { EmailField } from '../components/email-field.tsx';
import { NewPasswordFields } from '../components/new-password-fields.tsx';

type Values = { email: string; name: string; password: string; confirm: string; code: string };

/** Sign-up screen. */
export default function SignupPage() {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const signup = useSignup();
  const [locked, lock] = useClickLock();

  const onFinish = async (v: Values) => {
    try {
      await signup.mutateAsync({
        email: v.email.trim(),
        name: v.name.trim(),
        password: v.password,
        code: v.code.trim(),
      });
      succeed(t('signup.done'), 3);
      navigate('/login', { replace: true });
    } catch (err) {
      const fields = fieldErrorsOf(err, { email: 'email', name: 'name', password: 'password', code: 'code' });
      if (codeOf(err) === Code.EMAIL_TAKEN) fields.push({ name: 'email', errors: [t('signup.emailTaken')] });
      form.setFields(fields);
    }
  };

  return (
    <AuthCard testId="signup" title={t('signup.title')} subtitle={t('signup.subtitle')}>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        onSubmitCapture={lock}
        noValidate
        validateTrigger={['onSubmit', 'onBlur']}
        aria-label={t('signup.title')}
      >
        <EmailField autoComplete="email" />
        <Form.Item
          label={t('signup.name')}
          name="name"
          rules={[
            { required: true, whitespace: true, message: t('signup.nameRequired') },
            { max: 50, message: t('signup.nameMax') },
          ]}
        >
          <Input
            name="name"
            autoComplete="name"
            prefix={<UserOutlined />}
            placeholder={t('signup.namePlaceholder')}
          />
        </Form.Item>
        <NewPasswordFields
          passwordLabel={t('signup.password')}
          mismatchMessage={t('signup.confirmMismatch')}
        />
        <EmailCodeField form={form} purpose="signup" requiredMessage={t('reset.rules.codeRequired')} />
        <Button
          type="primary"
          htmlType="submit"
          block
          size="large"
          data-testid="signup-submit"
          disabled={locked}
          loading={signup.isPending}
        >
          {t('signup.submit')}
        </Button>
        <div style={{ marginTop: 16, textAlign: 'center' }}>
          {t('signup.haveAccount')}{' '}
          <Link to="/login" data-testid="back-to-login">
            {t('signup.login')}
          </Link>
        </div>
      </Form>
    </AuthCard>
  );
}

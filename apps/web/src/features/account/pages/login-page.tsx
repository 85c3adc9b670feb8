/**
 * Login (spec §2 Login, §5 Login rules, api-contract §3–6). A real <form> with name and autocomplete
 * attributes so password managers work; "remember" keeps only the email (api-contract §6 override).
 * The session is stored only when the cookie-consent dialog is accepted (spec §2 Login).
 */
import { LockOutlined, MailOutlined, SafetyOutlined } from '@ant-design/icons';
import type { UserInfo } from '@portal/contracts/account.ts';
import { CompanyStatus } from '@portal/contracts/constants.ts';
import { isEmail, PASSWORD_RE } from '@portal/contracts/validators.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Form, Input } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch.tsx';
import { safeRedirect } from '@/lib/redirect.ts';
import { getToken, setCompanyStatus, setToken, setUserInfo } from '@/lib/session.ts';
import { StorageKey } from '@/lib/storage-keys.ts';
import { fetchAccountInfo } from '../api/use-account-info.ts';
import { useCaptcha } from '../api/use-captcha.ts';
import { type LoginResult, useLogin } from '../api/use-login.ts';
import { CaptchaImage } from '../components/captcha-image.tsx';
import { TwoFactorStep } from '../components/two-factor-step.tsx';

type Values = { email: string; password: string; captcha_answer: string; remember: boolean };
type PendingSession = { token: string; companyStatus: number; info: UserInfo; rememberEmail: string | null };

function rememberedEmail(): string {
  try {
    const raw = localStorage.getItem(StorageKey.loginInfo);
    const email = raw ? (JSON.parse(raw) as { email?: unknown }).email : '';
    return typeof email === 'string' ? email : '';
  } catch {
    return '';
  }
}

const BUTTON_LOCK_MS = 1000;

// The dialog machinery loads only once a login succeeds.
const ConsentModal = lazy(() =>
  import('../components/consent-modal.tsx').then((m) => ({ default: m.ConsentModal })),
);

/** The login screen; a signed-in visitor is sent to /home. */
export default function LoginPage() {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const [signedInOnEntry] = useState(() => Boolean(getToken()));
  const { captcha, loading: captchaLoading, refresh } = useCaptcha();
  const loginMutation = useLogin();
  const [locked, setLocked] = useState(false);
  // The signed-in session waiting for the cookie consent: nothing of it is stored before Accept
  // (issue 14 item 2), so a reload while the dialog is open leaves the visitor signed out.
  const [pendingSession, setPendingSession] = useState<PendingSession | null>(null);
  const lockTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [initialEmail] = useState(rememberedEmail);
  // Two-factor on (issue 16): the password step answered a challenge; the code step finishes.
  const [challenge, setChallenge] = useState<{ id: string; email: string; remember: boolean } | null>(null);

  useEffect(() => () => clearTimeout(lockTimer.current), []);

  if (signedInOnEntry) return <Navigate to="/home" replace />;

  const lock = () => {
    setLocked(true);
    clearTimeout(lockTimer.current);
    lockTimer.current = setTimeout(() => setLocked(false), BUTTON_LOCK_MS);
  };

  /** Checks a field on leaving it, once the visitor has typed in it (not on a mere tab through). */
  const validateIfEdited = (name: keyof Values) => {
    if (form.isFieldTouched(name)) void form.validateFields([name]).catch(() => undefined);
  };

  const onFinish = async (values: Values) => {
    if (!captcha) {
      refresh();
      return;
    }
    const email = values.email.trim();
    try {
      const res = await loginMutation.mutateAsync({
        email,
        password: values.password,
        captcha_id: captcha.captcha_id,
        captcha_answer: values.captcha_answer.trim(),
      });
      if ('two_factor_challenge' in res) {
        setChallenge({ id: res.two_factor_challenge, email, remember: values.remember });
        return;
      }
      await signedIn(res, email, values.remember);
    } catch {
      form.setFieldValue('captcha_answer', '');
      refresh();
    }
  };

  /**
   * Holds a successful login's session until the cookie consent is accepted (issue 14 item 2: nothing
   * of it is stored before Accept); `onAccept` stores it and navigates.
   */
  async function signedIn(res: LoginResult, email: string, remember: boolean) {
    const info = await queryClient.fetchQuery({
      queryKey: ['user_info', res.token],
      queryFn: () => fetchAccountInfo(res.token),
    });
    setPendingSession({
      token: res.token,
      companyStatus: res.company_status,
      info,
      rememberEmail: remember ? email : null,
    });
  }

  const onAccept = () => {
    if (!pendingSession) return;
    const { token, companyStatus, info, rememberEmail } = pendingSession;
    if (rememberEmail) localStorage.setItem(StorageKey.loginInfo, JSON.stringify({ email: rememberEmail }));
    else localStorage.removeItem(StorageKey.loginInfo);
    setUserInfo(info);
    setCompanyStatus(companyStatus);
    setToken(token);
    const to =
      companyStatus === CompanyStatus.NONE ? '/organize' : safeRedirect(params.get('redirect'), '/home');
    navigate(to, { replace: true });
  };

  return (
    <div className="login-screen">
      <header className="login-top">
        <span className="login-brand">{t('common:appName')}</span>
        <LanguageSwitch dark />
      </header>
      <main className="login-main">
        <section className="login-card">
          {challenge ? (
            <TwoFactorStep
              challenge={challenge.id}
              onSignedIn={(res) => signedIn(res, challenge.email, challenge.remember)}
              onRestart={() => {
                setChallenge(null);
                form.setFieldValue('captcha_answer', '');
                refresh();
              }}
            />
          ) : (
            <>
              <h1 className="login-title">{t('login.title')}</h1>
              <p className="login-subtitle">{t('login.subtitle')}</p>
              <Form<Values>
                form={form}
                layout="vertical"
                requiredMark={false}
                initialValues={{ email: initialEmail, remember: Boolean(initialEmail) }}
                onFinish={onFinish}
                onSubmitCapture={lock}
                noValidate
                // Validated on submit, and on leaving a field only once it was edited (issue 25 item 8):
                // tabbing through the empty form marks nothing.
                validateTrigger={[]}
                aria-label={t('login.title')}
              >
                <Form.Item
                  label={t('login.email')}
                  name="email"
                  normalize={(v: string) => v?.trimStart()}
                  rules={[
                    { required: true, whitespace: true, message: t('rules.emailRequired') },
                    {
                      validator: (_, v: string | undefined) =>
                        !v?.trim() || isEmail(v)
                          ? Promise.resolve()
                          : Promise.reject(new Error(t('rules.emailFormat'))),
                    },
                  ]}
                >
                  <Input
                    name="email"
                    type="email"
                    autoComplete="username"
                    prefix={<MailOutlined />}
                    onBlur={() => validateIfEdited('email')}
                    placeholder={t('login.emailPlaceholder')}
                  />
                </Form.Item>
                <Form.Item
                  label={t('login.password')}
                  name="password"
                  rules={[
                    { required: true, message: t('rules.passwordRequired') },
                    { pattern: PASSWORD_RE, message: t('rules.passwordFormat') },
                  ]}
                >
                  <Input.Password
                    name="password"
                    autoComplete="current-password"
                    prefix={<LockOutlined />}
                    onBlur={() => validateIfEdited('password')}
                    placeholder={t('login.passwordPlaceholder')}
                  />
                </Form.Item>
                <Form.Item label={t('login.captcha')} required={false}>
                  <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                    <Form.Item
                      name="captcha_answer"
                      noStyle
                      rules={[{ required: true, whitespace: true, message: t('rules.captchaRequired') }]}
                    >
                      <Input
                        name="captcha_answer"
                        autoComplete="off"
                        inputMode="numeric"
                        prefix={<SafetyOutlined />}
                        onBlur={() => validateIfEdited('captcha_answer')}
                        placeholder={t('login.captchaPlaceholder')}
                        style={{ flex: 1 }}
                      />
                    </Form.Item>
                    <CaptchaImage captcha={captcha} loading={captchaLoading} onRefresh={refresh} />
                  </div>
                </Form.Item>
                <div className="login-row">
                  <Form.Item name="remember" valuePropName="checked" noStyle>
                    <Checkbox name="remember">{t('login.remember')}</Checkbox>
                  </Form.Item>
                  <Link to="/resetPassword" data-testid="forgot-password">
                    {t('login.forgot')}
                  </Link>
                </div>
                <Button
                  type="primary"
                  htmlType="submit"
                  block
                  size="large"
                  data-testid="login-submit"
                  disabled={locked}
                  loading={loginMutation.isPending}
                >
                  {t('login.submit')}
                </Button>
                <p style={{ margin: '16px 0 0', textAlign: 'center' }}>
                  {t('login.noAccount')}{' '}
                  <Link to="/signup" data-testid="signup-link">
                    {t('login.signup')}
                  </Link>
                </p>
              </Form>
            </>
          )}
        </section>
      </main>
      {pendingSession !== null && (
        <Suspense fallback={null}>
          <ConsentModal open onAccept={onAccept} />
        </Suspense>
      )}
    </div>
  );
}

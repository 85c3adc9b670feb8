/**
 * Asks for the password (and, with two-factor on, a current code) before a change to how the user
 * signs in: setting up two-factor, signing out every other session (issue 22 item 10; the server
 * checks both, contracts security.ts `reauthBody`). A wrong answer is shown by the request client
 * and clears the code.
 */
import type { ReauthBody } from '@portal/contracts/security.ts';
import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const CODE_RE = /^\d{6}$/;

export type ReauthModalProps = {
  open: boolean;
  title: string;
  okText: string;
  /** Ask for a code too (the user has two-factor on). */
  withCode: boolean;
  loading: boolean;
  /** Resolves when done; rejects when the server refused (the modal stays open). */
  onSubmit: (body: ReauthBody) => Promise<void>;
  onCancel: () => void;
  testId: string;
};

/** The re-authentication modal. */
export function ReauthModal(props: ReauthModalProps) {
  const { t } = useTranslation('security');
  const [form] = Form.useForm<{ password: string; code?: string }>();
  const finish = async (v: { password: string; code?: string }) => {
    try {
      await props.onSubmit({
        password: v.password,
        ...(props.withCode && v.code ? { code: v.code.trim() } : {}),
      });
      form.resetFields();
    } catch {
      form.setFieldValue('code', '');
    }
  };
  return (
    <Modal
      open={props.open}
      title={props.title}
      onCancel={() => {
        form.resetFields();
        props.onCancel();
      }}
      onOk={() => form.submit()}
      okButtonProps={{ loading: props.loading, 'data-testid': `${props.testId}-ok` } as never}
      okText={props.okText}
      cancelText={t('twoFactor.cancel')}
      forceRender
    >
      <Typography.Paragraph>
        {props.withCode ? t('reauth.introCode') : t('reauth.intro')}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={finish} data-testid={props.testId}>
        <Form.Item
          name="password"
          label={t('twoFactor.password')}
          rules={[{ required: true, message: t('twoFactor.passwordRule') }]}
        >
          <Input.Password autoComplete="current-password" data-testid={`${props.testId}-password`} />
        </Form.Item>
        {props.withCode && (
          <Form.Item
            name="code"
            label={t('twoFactor.code')}
            rules={[{ required: true, pattern: CODE_RE, message: t('twoFactor.codeRule') }]}
          >
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              data-testid={`${props.testId}-code`}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

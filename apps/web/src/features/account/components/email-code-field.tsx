/**
 * The emailed verification code input with its send button (spec §2 Reset password, §4, §5): sending
 * needs a valid email first; after a send the button stays disabled for a 10-second countdown (or the
 * server's `retry_after` when it answers 10002).
 */
import { MailOutlined } from '@ant-design/icons';
import { EMAIL_CODE_RESEND_SECONDS, type EmailCodePurpose } from '@portal/contracts/account.ts';
import { Code } from '@portal/contracts/codes.ts';
import { Button, Form, type FormInstance, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { succeed } from '@/lib/notify.ts';
import { RequestError } from '@/lib/request.ts';
import { useSendEmailCode } from '../api/use-email-code.ts';
import { useCountdown } from './use-countdown.ts';

type Props = {
  // biome-ignore lint/suspicious/noExplicitAny: any form holding an `email` and a `code` field
  form: FormInstance<any>;
  purpose: EmailCodePurpose;
  /** Required message of the code field. */
  requiredMessage: string;
};

/** `code` form item with the send button; reads the `email` field of `form`. */
export function EmailCodeField({ form, purpose, requiredMessage }: Props) {
  const { t } = useTranslation('account');
  const send = useSendEmailCode();
  const { remaining, start } = useCountdown();

  const onSend = async () => {
    try {
      await form.validateFields(['email']);
    } catch {
      return;
    }
    const email = String(form.getFieldValue('email') ?? '').trim();
    try {
      await send.mutateAsync({ email, type: purpose });
      start(EMAIL_CODE_RESEND_SECONDS);
      succeed(t('code.sent', { email }));
    } catch (err) {
      const retry = (err as RequestError).data as { retry_after?: unknown } | undefined;
      if (err instanceof RequestError && err.code === Code.TOO_MANY_ATTEMPTS) {
        start(typeof retry?.retry_after === 'number' ? retry.retry_after : EMAIL_CODE_RESEND_SECONDS);
      }
    }
  };

  return (
    <Form.Item label={t('code.label')} required={false}>
      <div style={{ display: 'flex', gap: 8 }}>
        <Form.Item
          name="code"
          noStyle
          normalize={(v: string) => v?.trim()}
          rules={[{ required: true, whitespace: true, message: requiredMessage }]}
        >
          <Input
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={12}
            prefix={<MailOutlined />}
            placeholder={t('code.placeholder')}
            style={{ flex: 1 }}
          />
        </Form.Item>
        <Button
          data-testid="send-code"
          onClick={onSend}
          loading={send.isPending}
          disabled={remaining > 0}
          style={{ minWidth: 132 }}
        >
          {remaining > 0 ? t('code.resendIn', { seconds: remaining }) : t('code.send')}
        </Button>
      </div>
    </Form.Item>
  );
}

/**
 * /account/modPassword (spec §2): old, new and repeated password → PUT /api/v1/user/password.
 * 606 marks the old password incorrect; on success the server revokes every other session.
 */
import { LockOutlined } from '@ant-design/icons';
import { Code } from '@portal/contracts/codes.ts';
import { Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { codeOf, fieldErrorsOf } from '@/lib/form-errors.ts';
import { confirmRules, passwordRules } from '@/lib/form-rules.ts';
import { succeed } from '@/lib/notify.ts';
import { useClickLock } from '@/lib/use-click-lock.ts';
import { useChangePassword } from '../api/use-change-password.ts';

type Values = { old_password: string; new_password: string; confirm: string };

/** Change password screen. */
export default function ModPasswordPage() {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<Values>();
  const change = useChangePassword();
  const [locked, lock] = useClickLock();

  const onFinish = async (v: Values) => {
    try {
      await change.mutateAsync({ old_password: v.old_password, new_password: v.new_password });
      form.resetFields();
      succeed(t('modPassword.done'), 3);
    } catch (err) {
      const fields: { name: keyof Values; errors: string[] }[] = fieldErrorsOf(err, {
        new_password: 'new_password',
      });
      if (codeOf(err) === Code.WRONG_PASSWORD) {
        fields.push({ name: 'old_password', errors: [t('modPassword.incorrect')] });
      }
      form.setFields(fields);
    }
  };

  return (
    <Card title={t('modPassword.title')} data-testid="mod-password">
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        onSubmitCapture={lock}
        noValidate
        validateTrigger={['onSubmit', 'onBlur']}
        style={{ maxWidth: 420 }}
        aria-label={t('modPassword.title')}
      >
        <Form.Item
          label={t('modPassword.old')}
          name="old_password"
          rules={[{ required: true, message: t('modPassword.oldRequired') }]}
        >
          <Input.Password name="old_password" autoComplete="current-password" prefix={<LockOutlined />} />
        </Form.Item>
        <Form.Item
          label={t('modPassword.new')}
          name="new_password"
          extra={t('modPassword.hint')}
          rules={[
            ...passwordRules(t('modPassword.newRequired'), t('modPassword.format')),
            ({ getFieldValue }) => ({
              validator: (_, v: string | undefined) =>
                !v || v !== getFieldValue('old_password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('modPassword.sameAsOld'))),
            }),
          ]}
        >
          <Input.Password name="new_password" autoComplete="new-password" prefix={<LockOutlined />} />
        </Form.Item>
        <Form.Item
          label={t('modPassword.confirm')}
          name="confirm"
          dependencies={['new_password']}
          rules={confirmRules('new_password', t('modPassword.confirmRequired'), t('modPassword.mismatch'))}
        >
          <Input.Password name="confirm" autoComplete="new-password" prefix={<LockOutlined />} />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          data-testid="mod-password-submit"
          disabled={locked}
          loading={change.isPending}
        >
          {t('modPassword.submit')}
        </Button>
      </Form>
    </Card>
  );
}

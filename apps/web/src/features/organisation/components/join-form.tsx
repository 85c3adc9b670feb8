/** The join-an-organisation form (spec §2 Organize: join method 1 Super Email / 2 Account ID, value, reason). */
import '../i18n.ts';
import { type BindAccountData, BindType } from '@portal/contracts/organisation.ts';
import { Button, Form, Input, Radio } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emailRules } from '@/lib/form-rules.ts';
import { useClickLock } from '@/lib/use-click-lock.ts';
import { type BindInput, type CreateProgress, joinOrganisation } from '../api/organise.ts';

type Values = { bind_type: 1 | 2; email?: string; account_id?: string; reason: string };

/** Runs bind_account then add_opt_permission 68; `onDone` gets the bind answer. */
export function JoinOrganisationForm(props: { userId: number; onDone: (b: BindAccountData) => unknown }) {
  const { t } = useTranslation('organisation');
  const [form] = Form.useForm<Values>();
  const bindType = Form.useWatch('bind_type', form) ?? BindType.SUPER_EMAIL;
  const [locked, lock] = useClickLock();
  const [busy, setBusy] = useState(false);
  const progress = useRef<CreateProgress>({});

  const onFinish = async (v: Values) => {
    const reason = v.reason.trim();
    const input: BindInput =
      v.bind_type === BindType.SUPER_EMAIL
        ? { bind_type: 1, email: (v.email ?? '').trim(), reason }
        : { bind_type: 2, account_id: Number(v.account_id), reason };
    setBusy(true);
    try {
      await props.onDone(await joinOrganisation(input, props.userId, progress.current));
    } catch {
      // The request client already showed the server's reason (10022: not a super admin's email; 10023: unknown Account ID).
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ bind_type: BindType.SUPER_EMAIL }}
      onFinish={onFinish}
      onSubmitCapture={lock}
      noValidate
      aria-label={t('join.tab')}
    >
      <Form.Item label={t('join.method')} name="bind_type">
        <Radio.Group
          data-testid="join-method"
          options={[
            { value: BindType.SUPER_EMAIL, label: t('join.superEmail') },
            { value: BindType.ACCOUNT_ID, label: t('join.accountId') },
          ]}
        />
      </Form.Item>
      {bindType === BindType.SUPER_EMAIL ? (
        <Form.Item
          key="email"
          label={t('join.superEmail')}
          name="email"
          extra={t('join.superEmailHint')}
          rules={emailRules(t('join.emailRequired'), t('join.emailFormat'))}
        >
          <Input name="email" type="email" placeholder={t('join.emailPlaceholder')} />
        </Form.Item>
      ) : (
        <Form.Item
          key="account_id"
          label={t('join.accountId')}
          name="account_id"
          extra={t('join.accountIdHint')}
          rules={[
            { required: true, whitespace: true, message: t('join.accountIdRequired') },
            { pattern: /^[1-9]\d{0,9}$/, message: t('join.accountIdFormat') },
          ]}
        >
          <Input name="account_id" inputMode="numeric" placeholder={t('join.accountIdPlaceholder')} />
        </Form.Item>
      )}
      <Form.Item
        label={t('join.reason')}
        name="reason"
        rules={[
          { required: true, whitespace: true, message: t('join.reasonRequired') },
          { max: 500, message: t('join.reasonMax') },
        ]}
      >
        <Input.TextArea
          name="reason"
          rows={3}
          maxLength={500}
          showCount
          placeholder={t('join.reasonPlaceholder')}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" data-testid="join-submit" disabled={locked} loading={busy}>
        {t('join.submit')}
      </Button>
    </Form>
  );
}

/** The create-an-organisation form (spec §2 Organize: company name). */
import '../i18n.ts';
import type { BindAccountData } from '@portal/contracts/organisation.ts';
import { Button, Form, Input } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClickLock } from '@/lib/use-click-lock.ts';
import { type CreateProgress, createOrganisation } from '../api/organise.ts';

type Values = { company_name: string };

/** Runs the four create calls; `onDone` gets the bind answer. */
export function CreateOrganisationForm(props: { userId: number; onDone: (b: BindAccountData) => unknown }) {
  const { t } = useTranslation('organisation');
  const [locked, lock] = useClickLock();
  const [busy, setBusy] = useState(false);
  const progress = useRef<CreateProgress>({});

  const onFinish = async (v: Values) => {
    setBusy(true);
    try {
      const bound = await createOrganisation(v.company_name.trim(), props.userId, progress.current);
      await props.onDone(bound);
    } catch {
      // The request client already showed the error; a retry resumes at the failed step.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<Values>
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      onSubmitCapture={lock}
      noValidate
      aria-label={t('create.tab')}
    >
      <Form.Item
        label={t('create.companyName')}
        name="company_name"
        extra={t('create.hint')}
        rules={[
          { required: true, whitespace: true, message: t('create.companyNameRequired') },
          { max: 100, message: t('create.companyNameMax') },
        ]}
      >
        <Input name="company_name" placeholder={t('create.companyNamePlaceholder')} maxLength={100} />
      </Form.Item>
      <Button type="primary" htmlType="submit" data-testid="create-submit" disabled={locked} loading={busy}>
        {t('create.submit')}
      </Button>
    </Form>
  );
}

/**
 * The reason operations give when rejecting an app or ad slot under review (issue 27 item 4; the
 * server requires it, 604 without one): a required text of at most 200 characters, sent to the
 * publisher in the rejection notification. Texts from the `apps` catalogue (registered by the
 * screens). `onSubmit` resolves true when the rejection went through (the dialog then closes).
 */
import { REVIEW_REASON_MAX } from '@portal/contracts/apps.ts';
import { Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export type RejectReasonDialogProps = {
  /** The item being rejected; null: closed. */
  name: string | null;
  onCancel: () => void;
  onSubmit: (reason: string) => Promise<boolean>;
};

export function RejectReasonDialog({ name, onCancel, onSubmit }: RejectReasonDialogProps) {
  const { t } = useTranslation('apps');
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);

  const finish = async ({ reason }: { reason: string }) => {
    setBusy(true);
    const done = await onSubmit(reason.trim());
    setBusy(false);
    if (done) form.resetFields();
  };

  return (
    <Modal
      open={name !== null}
      title={t('rejectReason.title', { name: name ?? '' })}
      okText={t('actions.reject')}
      cancelText={t('cancel')}
      okButtonProps={{ danger: true, loading: busy, 'data-testid': 'reject-reason-ok' }}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
      data-testid="reject-reason-dialog"
    >
      <Form form={form} layout="vertical" onFinish={finish} preserve={false}>
        <Form.Item
          name="reason"
          label={t('rejectReason.reason')}
          rules={[
            { required: true, whitespace: true, message: t('rejectReason.required') },
            { max: REVIEW_REASON_MAX },
          ]}
          extra={<Typography.Text type="secondary">{t('rejectReason.hint')}</Typography.Text>}
        >
          <Input.TextArea
            autoFocus
            rows={3}
            maxLength={REVIEW_REASON_MAX}
            showCount
            placeholder={t('rejectReason.placeholder')}
            data-testid="reject-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * Operations' dialogs of the month-close screen: hold with a reason, record a payout, add an
 * adjustment. Each posts once; the server checks the rule and answers field errors (604), shown on
 * their fields.
 */
import { paymentsOpsEndpoints } from '@portal/contracts/endpoints/payments-ops.ts';
import { adjustmentKinds, plainUsd, type StatementItem } from '@portal/contracts/payments.ts';
import { Button, DatePicker, Form, Input, Modal, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '@/lib/form-errors.ts';
import { succeed } from '@/lib/notify.ts';
import { useOpsAction } from '../api/payments-api.ts';

type HoldProps = { statement: StatementItem | null; onClose: () => void };

/** Hold (with a reason) or release the payment of a statement. */
export function HoldDialog({ statement, onClose }: HoldProps) {
  const { t } = useTranslation('payments');
  const [form] = Form.useForm<{ reason: string }>();
  const hold = useOpsAction(
    paymentsOpsEndpoints.hold,
    (b: { id: number; reason: string; hold: boolean }) => ({
      params: { id: b.id },
      body: { reason: b.reason, hold: b.hold },
    }),
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new statement starts an empty form
  useEffect(() => form.resetFields(), [statement, form]);
  if (!statement) return null;
  const releasing = statement.hold_reason !== null;
  return (
    <Modal
      open
      title={releasing ? t('ops.release') : t('ops.hold')}
      onCancel={onClose}
      okText={releasing ? t('ops.release') : t('ops.hold')}
      confirmLoading={hold.isPending}
      onOk={async () => {
        const v = releasing ? { reason: '' } : await form.validateFields();
        try {
          await hold.mutateAsync({ id: statement.id, reason: v.reason, hold: !releasing });
          succeed(t('ops.done'));
          onClose();
        } catch (err) {
          form.setFields(fieldErrorsOf(err, { reason: 'reason' }));
        }
      }}
    >
      {!releasing && (
        <Form form={form} layout="vertical">
          <Form.Item
            name="reason"
            label={t('ops.holdReason')}
            rules={[{ required: true, whitespace: true, message: t('ops.required') }]}
          >
            <Input.TextArea maxLength={500} rows={3} data-testid="hold-reason" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

type PayoutValues = { reference: string; amount: string; paid_on: Dayjs };

/** Record one payout of a statement (the amount prefilled with its payable amount). */
export function PayoutDialog({ statement, onClose }: HoldProps) {
  const { t } = useTranslation('payments');
  const [form] = Form.useForm<PayoutValues>();
  const record = useOpsAction(paymentsOpsEndpoints.recordPayout);
  useEffect(() => {
    if (statement)
      form.setFieldsValue({ reference: '', amount: plainUsd(statement.payable_micros), paid_on: dayjs() });
  }, [statement, form]);
  if (!statement) return null;
  return (
    <Modal
      open
      title={t('ops.payout')}
      onCancel={onClose}
      confirmLoading={record.isPending}
      onOk={async () => {
        const v = await form.validateFields();
        try {
          await record.mutateAsync({
            statement_id: statement.id,
            reference: v.reference,
            amount: v.amount,
            paid_on: v.paid_on.format('YYYY-MM-DD'),
          });
          succeed(t('ops.done'));
          onClose();
        } catch (err) {
          form.setFields(
            fieldErrorsOf(err, { reference: 'reference', amount: 'amount', paid_on: 'paid_on' }),
          );
        }
      }}
    >
      <Form form={form} layout="vertical" data-testid="payout-form">
        <Form.Item
          name="reference"
          label={t('col.reference')}
          rules={[{ required: true, whitespace: true, message: t('ops.required') }]}
        >
          <Input maxLength={64} data-testid="payout-reference" />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('ops.amount')}
          rules={[{ required: true, message: t('ops.required') }]}
        >
          <Input maxLength={20} inputMode="decimal" />
        </Form.Item>
        <Form.Item
          name="paid_on"
          label={t('ops.paidOn')}
          rules={[{ required: true, message: t('ops.required') }]}
        >
          <DatePicker />
        </Form.Item>
      </Form>
    </Modal>
  );
}

type AdjustValues = {
  kind: (typeof adjustmentKinds)[number];
  amount: string;
  reason_zh: string;
  reason_en: string;
};

/** The adjustment form shown in a closed statement's drawer. */
export function AdjustmentForm({ statementId }: { statementId: number }) {
  const { t } = useTranslation('payments');
  const [form] = Form.useForm<AdjustValues>();
  const add = useOpsAction(
    paymentsOpsEndpoints.addAdjustment,
    ({ id, ...body }: AdjustValues & { id: number }) => ({
      params: { id },
      body,
    }),
  );
  const required = [{ required: true, whitespace: true, message: t('ops.required') }];
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ kind: 'itd_deduction' }}
      data-testid="adjustment-form"
      onFinish={async (v) => {
        try {
          await add.mutateAsync({ ...v, id: statementId });
          succeed(t('ops.done'));
          form.resetFields();
        } catch (err) {
          form.setFields(
            fieldErrorsOf(err, { amount: 'amount', reason_zh: 'reason_zh', reason_en: 'reason_en' }),
          );
        }
      }}
    >
      <Space wrap align="start">
        <Form.Item name="kind" label={t('col.kind')}>
          <Select
            style={{ width: 200 }}
            options={adjustmentKinds.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          />
        </Form.Item>
        <Form.Item name="amount" label={t('ops.amount')} rules={required}>
          <Input maxLength={20} style={{ width: 140 }} inputMode="decimal" />
        </Form.Item>
      </Space>
      <Form.Item name="reason_zh" label={t('ops.reasonZh')} rules={required}>
        <Input maxLength={500} />
      </Form.Item>
      <Form.Item name="reason_en" label={t('ops.reasonEn')} rules={required}>
        <Input maxLength={500} />
      </Form.Item>
      <Button htmlType="submit" loading={add.isPending}>
        {t('ops.adjust')}
      </Button>
    </Form>
  );
}

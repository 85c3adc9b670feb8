/**
 * The payment profile tab (issue 23 item 3): the current profile masked, the change form (bank wire
 * with SWIFT/BIC and IBAN or account number, PayPal, Chinese corporate account; tax residence and tax
 * ID; the caller's password and two-factor code) and the tax forms and invoices. The server checks
 * everything (IBAN and BIC included) and answers field errors, shown on their fields.
 */
import type { PaymentProfileBody, PayoutMethod } from '@portal/contracts/payments.ts';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  Radio,
  Select,
  Space,
  Typography,
  Upload,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { Entry, EntryList } from '@/components/entry-list.tsx';
import { fieldErrorsOf } from '@/lib/form-errors.ts';
import { formatFileSize } from '@/lib/format.ts';
import { succeed } from '@/lib/notify.ts';
import { useCountries } from '@/lib/use-countries.ts';
import { openDocument, useDocuments, useProfile, useSaveProfile, useUpload } from '../api/payments-api.ts';

type Values = {
  beneficiary_name: string;
  method: PayoutMethod;
  bank_name?: string;
  swift_bic?: string;
  iban?: string;
  account_number?: string;
  branch?: string;
  paypal_email?: string;
  tax_residence: string;
  tax_id: string;
  password: string;
  code?: string;
};

function bodyOf(v: Values): PaymentProfileBody {
  const details: PaymentProfileBody['details'] =
    v.method === 'paypal'
      ? { method: 'paypal', paypal_email: v.paypal_email ?? '' }
      : v.method === 'cn_corporate'
        ? {
            method: 'cn_corporate',
            bank_name: v.bank_name ?? '',
            branch: v.branch ?? '',
            account_number: v.account_number ?? '',
          }
        : {
            method: 'bank_wire',
            bank_name: v.bank_name ?? '',
            swift_bic: v.swift_bic ?? '',
            ...(v.iban ? { iban: v.iban } : {}),
            ...(v.account_number ? { account_number: v.account_number } : {}),
          };
  return {
    beneficiary_name: v.beneficiary_name,
    details,
    tax_residence: v.tax_residence,
    tax_id: v.tax_id,
    password: v.password,
    ...(v.code ? { code: v.code } : {}),
  };
}

/** The profile tab. `admin`: whether the caller may change it. */
export function ProfilePanel({ admin }: { admin: boolean }) {
  const { t } = useTranslation('payments');
  const [form] = Form.useForm<Values>();
  const profile = useProfile();
  const documents = useDocuments();
  const save = useSaveProfile();
  const upload = useUpload();
  const countries = useCountries();
  const method = Form.useWatch('method', form) ?? 'bank_wire';
  const required = [{ required: true, message: t('ops.required') }];
  const p = profile.data;

  const onFinish = async (v: Values) => {
    try {
      await save.mutateAsync(bodyOf(v));
      succeed(t('profile.saved'), 4);
      form.resetFields(['password', 'code']);
    } catch (err) {
      form.setFields(fieldErrorsOf(err, serverFields));
    }
  };

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card title={t('profile.current')} loading={profile.isLoading} data-testid="profile-current">
        {p ? (
          <Descriptions column={{ xs: 1, sm: 2 }} size="small">
            <Descriptions.Item label={t('profile.beneficiary')}>{p.beneficiary_name}</Descriptions.Item>
            <Descriptions.Item label={t('profile.method')}>
              {t(`profile.methods.${p.method}`)}
            </Descriptions.Item>
            {maskedOrder
              .flatMap((k) => (p.details_masked[k] ? [[k, p.details_masked[k]] as const] : []))
              .map(([k, v]) => (
                <Descriptions.Item key={k} label={t(`profile.${fieldLabel[k] ?? k}`)}>
                  {v}
                </Descriptions.Item>
              ))}
            <Descriptions.Item label={t('profile.taxResidence')}>{p.tax_residence}</Descriptions.Item>
            <Descriptions.Item label={t('profile.taxId')}>{p.tax_id_masked}</Descriptions.Item>
            {p.hold_until && new Date(p.hold_until) > new Date() && (
              <Descriptions.Item label={t('profile.holdUntil')}>
                {new Date(p.hold_until).toLocaleString()}
              </Descriptions.Item>
            )}
          </Descriptions>
        ) : (
          <Typography.Text type="secondary">{t('profile.none')}</Typography.Text>
        )}
      </Card>
      {admin && profile.isLoading ? null : admin ? (
        <Card title={t('profile.edit')}>
          <Alert type="warning" showIcon title={t('profile.warning')} style={{ marginBottom: 16 }} />
          <Form
            key={p?.updated_at ?? 'new'}
            form={form}
            layout="vertical"
            onFinish={onFinish}
            initialValues={{
              method: p?.method ?? 'bank_wire',
              beneficiary_name: p?.beneficiary_name,
              tax_residence: p?.tax_residence,
            }}
            style={{ maxWidth: 560 }}
            data-testid="profile-form"
          >
            <Form.Item name="beneficiary_name" label={t('profile.beneficiary')} rules={required}>
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item name="method" label={t('profile.method')} rules={required}>
              <Radio.Group
                options={(['bank_wire', 'paypal', 'cn_corporate'] as const).map((m) => ({
                  value: m,
                  label: t(`profile.methods.${m}`),
                }))}
              />
            </Form.Item>
            {method !== 'paypal' && (
              <Form.Item name="bank_name" label={t('profile.bankName')} rules={required}>
                <Input maxLength={100} />
              </Form.Item>
            )}
            {method === 'bank_wire' && (
              <>
                <Form.Item name="swift_bic" label={t('profile.swift')} rules={required}>
                  <Input maxLength={11} placeholder="DEUTDEFF" />
                </Form.Item>
                <Form.Item name="iban" label={t('profile.iban')} extra={t('profile.ibanOrAccount')}>
                  <Input maxLength={42} placeholder="DE89 3704 0044 0532 0130 00" />
                </Form.Item>
                <Form.Item name="account_number" label={t('profile.accountNumber')}>
                  <Input maxLength={34} />
                </Form.Item>
              </>
            )}
            {method === 'cn_corporate' && (
              <>
                <Form.Item name="branch" label={t('profile.branch')} rules={required}>
                  <Input maxLength={100} />
                </Form.Item>
                <Form.Item name="account_number" label={t('profile.accountNumber')} rules={required}>
                  <Input maxLength={30} inputMode="numeric" />
                </Form.Item>
              </>
            )}
            {method === 'paypal' && (
              <Form.Item
                name="paypal_email"
                label={t('profile.paypalEmail')}
                rules={[...required, { type: 'email' }]}
              >
                <Input maxLength={254} />
              </Form.Item>
            )}
            <Form.Item name="tax_residence" label={t('profile.taxResidence')} rules={required}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={countries.isLoading}
                options={(countries.data ?? []).map((c) => ({
                  value: c.country_code,
                  label: `${c.country_name} (${c.country_code})`,
                }))}
              />
            </Form.Item>
            <Form.Item name="tax_id" label={t('profile.taxId')} rules={required}>
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item name="password" label={t('profile.password')} rules={required}>
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Form.Item name="code" label={t('profile.code')}>
              <Input maxLength={6} inputMode="numeric" autoComplete="one-time-code" style={{ width: 160 }} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="profile-save">
              {t('profile.save')}
            </Button>
          </Form>
        </Card>
      ) : (
        <Alert type="info" showIcon title={t('profile.adminOnly')} />
      )}
      <Card
        title={t('profile.documents')}
        data-testid="payment-documents"
        extra={
          admin && (
            <Upload
              accept="application/pdf,.pdf"
              showUploadList={false}
              customRequest={async ({ file, onSuccess, onError }) => {
                try {
                  await upload.mutateAsync({ file: file as File });
                  succeed(t('upload.ok'));
                  onSuccess?.(null);
                } catch (err) {
                  onError?.(err as Error);
                }
              }}
            >
              <Button loading={upload.isPending}>{t('profile.uploadTaxForm')}</Button>
            </Upload>
          )
        }
      >
        <EntryList
          loading={documents.isLoading}
          items={documents.data?.list ?? []}
          rowKey={(d) => d.id}
          empty={t('profile.noDocuments')}
          renderItem={(d) => (
            <Entry
              actions={[
                <Button key="open" type="link" onClick={() => openDocument(d.id)}>
                  PDF
                </Button>,
              ]}
              title={d.file_name}
              description={`${d.created_at.slice(0, 10)} · ${formatFileSize(d.size)}`}
            />
          )}
        />
      </Card>
    </Space>
  );
}

/** Server field names (604 `errors[].field`) → form fields. */
const serverFields = {
  beneficiary_name: 'beneficiary_name',
  'details.bank_name': 'bank_name',
  'details.swift_bic': 'swift_bic',
  'details.iban': 'iban',
  'details.account_number': 'account_number',
  'details.branch': 'branch',
  'details.paypal_email': 'paypal_email',
  tax_residence: 'tax_residence',
  tax_id: 'tax_id',
  password: 'password',
  code: 'code',
} as const;

const maskedOrder = ['bank_name', 'branch', 'swift_bic', 'iban', 'account_number', 'paypal_email'];

const fieldLabel: Record<string, string> = {
  bank_name: 'bankName',
  swift_bic: 'swift',
  iban: 'iban',
  account_number: 'accountNumber',
  branch: 'branch',
  paypal_email: 'paypalEmail',
};

/**
 * The app create/edit dialog (spec §2, §5): platform, is_online, name (≤ 30, unique in the
 * organisation: checked on blur), package (≤ 100, unique: checked on blur), store address (Google
 * Play apps prefix when is_online is 1, else a generic URL; then the server's urlvalid), two-level
 * category, description. Operations staff also choose the publisher company and profit centre.
 * Editing excludes the app's own id from the checks. The server applies the same rules (604, 10006).
 */
import {
  APP_NAME_MAX,
  type AppItem,
  PACKAGE_NAME_MAX,
  storeAddressFormatOk,
} from '@portal/contracts/apps.ts';
import type { FieldError } from '@portal/contracts/envelope.ts';
import { Cascader, Form, Input, Modal, Radio, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { succeed } from '@/lib/notify.ts';
import { RequestError } from '@/lib/request.ts';
import {
  appNameExists,
  packageExists,
  storeAddressValid,
  useIndustries,
  useProfitCenters,
  usePublisherCompanies,
  useSaveApp,
} from '../api/apps-api.ts';

type Values = {
  publisher_id?: number;
  profit_center_id?: number | null;
  platform: number;
  is_online: number;
  app_name: string;
  package_name: string;
  app_store_address: string;
  industry?: number[];
  description?: string;
};

export type AppDialogProps = {
  open: boolean;
  /** The app being edited; null to create. */
  editing: AppItem | null;
  isOps: boolean;
  onClose: () => void;
};

export function AppDialog({ open, editing, isOps, onClose }: AppDialogProps) {
  const { t } = useTranslation('apps');
  const [form] = Form.useForm<Values>();
  const industries = useIndustries();
  const companies = usePublisherCompanies(open && isOps);
  const profitCenters = useProfitCenters(open && isOps);
  const save = useSaveApp();
  const id = editing?.id;

  const cascade = useMemo(() => {
    const list = industries.data ?? [];
    return list
      .filter((i) => i.parent_id === -1)
      .map((p) => ({
        value: p.id,
        label: p.name,
        children: list.filter((c) => c.parent_id === p.id).map((c) => ({ value: c.id, label: c.name })),
      }));
  }, [industries.data]);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) {
      const leaf = industries.data?.find((i) => i.id === editing.industry_id);
      form.setFieldsValue({
        publisher_id: editing.publisher_id,
        profit_center_id: editing.profit_center_id,
        platform: editing.platform,
        is_online: editing.is_online,
        app_name: editing.app_name,
        package_name: editing.package_name,
        app_store_address: editing.app_store_address,
        industry: leaf ? [leaf.parent_id, leaf.id] : undefined,
        description: editing.description,
      });
    }
  }, [open, editing, form, industries.data]);

  const label = (key: string) => t(`dialog.${key}`);
  const required = (key: string, message?: string): Rule => ({
    required: true,
    whitespace: true,
    message: message ?? t('rules.required', { field: label(key) }),
  });
  const max = (key: string, n: number): Rule => ({
    validator: async (_, v?: string) => {
      if ((v ?? '').trim().length > n) throw new Error(t('rules.tooLong', { field: label(key), max: n }));
    },
  });

  const submit = async () => {
    const v = await form.validateFields();
    try {
      await save.mutateAsync({
        ...(id === undefined ? {} : { id }),
        app_name: v.app_name.trim(),
        package_name: v.package_name.trim(),
        platform: v.platform,
        is_online: v.is_online,
        app_store_address: v.app_store_address.trim(),
        industry_id: v.industry?.at(-1) ?? null,
        description: v.description?.trim() ?? '',
        ...(isOps ? { publisher_id: v.publisher_id, profit_center_id: v.profit_center_id ?? null } : {}),
      });
      succeed(t('savedSuccessfully'));
      onClose();
    } catch (err) {
      if (err instanceof RequestError && err.code === 604) {
        const errors = (err.data as { errors?: FieldError[] } | undefined)?.errors ?? [];
        form.setFields(
          errors.map((e) => ({
            name: (e.field === 'industry_id' ? 'industry' : e.field) as keyof Values,
            errors: [e.message],
          })),
        );
      }
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? t('dialog.editTitle') : t('dialog.createTitle')}
      okText={t('dialog.save')}
      cancelText={t('dialog.cancel')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'app-dialog-save' } as Record<`data-${string}`, string>}
      destroyOnHidden
      width={600}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ platform: 1, is_online: 1 }}
        data-testid="app-dialog"
      >
        {isOps && (
          <>
            <Form.Item
              name="publisher_id"
              label={label('publisher')}
              rules={[{ required: true, message: t('rules.publisher') }]}
            >
              <Select
                data-testid="app-publisher"
                showSearch={{ optionFilterProp: 'label' }}
                disabled={editing !== null}
                options={(companies.data ?? []).map((c) => ({ value: c.id, label: c.company_name }))}
              />
            </Form.Item>
            <Form.Item name="profit_center_id" label={label('profitCenter')}>
              <Select
                data-testid="app-profit-center"
                allowClear
                options={(profitCenters.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
              />
            </Form.Item>
          </>
        )}
        <Form.Item name="platform" label={label('platform')} rules={[{ required: true }]}>
          <Radio.Group options={[1, 2].map((p) => ({ value: p, label: t(`platform.${p}`) }))} />
        </Form.Item>
        <Form.Item name="is_online" label={label('isOnline')} rules={[{ required: true }]}>
          <Radio.Group
            options={[1, 2].map((p) => ({ value: p, label: t(`online.${p}`) }))}
            onChange={() => {
              if (form.getFieldValue('app_store_address'))
                void form.validateFields(['app_store_address']).catch(() => undefined);
            }}
          />
        </Form.Item>
        <Form.Item
          name="app_name"
          label={label('appName')}
          validateTrigger={['onChange', 'onBlur']}
          rules={[
            required('appName'),
            max('appName', APP_NAME_MAX),
            {
              validateTrigger: 'onBlur',
              validator: async (_, v?: string) => {
                const name = (v ?? '').trim();
                if (
                  name &&
                  name.length <= APP_NAME_MAX &&
                  (await appNameExists(name, id, form.getFieldValue('publisher_id')))
                )
                  throw new Error(t('rules.nameTaken'));
              },
            },
          ]}
        >
          <Input id="app_name" />
        </Form.Item>
        <Form.Item
          name="package_name"
          label={label('pkgName')}
          validateTrigger={['onChange', 'onBlur']}
          rules={[
            required('pkgName', t('rules.pkgEmpty')),
            max('pkgName', PACKAGE_NAME_MAX),
            {
              validateTrigger: 'onBlur',
              validator: async (_, v?: string) => {
                const pkg = (v ?? '').trim();
                if (pkg && pkg.length <= PACKAGE_NAME_MAX && (await packageExists(pkg, id)))
                  throw new Error(t('rules.pkgTaken'));
              },
            },
          ]}
        >
          <Input id="package_name" />
        </Form.Item>
        <Form.Item noStyle dependencies={['is_online']}>
          {() => (
            <Form.Item
              name="app_store_address"
              label={label('storeAddress')}
              validateTrigger={['onChange', 'onBlur']}
              dependencies={['package_name']}
              rules={[
                required('storeAddress'),
                {
                  validator: async (_, v?: string) => {
                    const url = (v ?? '').trim();
                    if (url && !storeAddressFormatOk(url, form.getFieldValue('is_online')))
                      throw new Error(t('rules.invalidUrl'));
                  },
                },
                {
                  validateTrigger: 'onBlur',
                  validator: async (_, v?: string) => {
                    const url = (v ?? '').trim();
                    const isOnline = form.getFieldValue('is_online');
                    if (!url || !storeAddressFormatOk(url, isOnline)) return;
                    const pkg = (form.getFieldValue('package_name') ?? '').trim();
                    if (!(await storeAddressValid(url, isOnline, pkg, id)))
                      throw new Error(t('rules.invalidUrl'));
                  },
                },
              ]}
            >
              <Input
                id="app_store_address"
                placeholder={
                  form.getFieldValue('is_online') === 1
                    ? label('storeAddressHintOnline')
                    : label('storeAddressHintOffline')
                }
              />
            </Form.Item>
          )}
        </Form.Item>
        <Form.Item
          name="industry"
          label={label('industry')}
          rules={[{ required: true, message: t('rules.required', { field: label('industry') }) }]}
        >
          <Cascader data-testid="app-industry" options={cascade} showSearch />
        </Form.Item>
        <Form.Item name="description" label={label('description')} rules={[max('description', 500)]}>
          <Input.TextArea id="description" rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The ad slot create/edit dialog (spec §2, §4, §5): app (required; preselected when the screen was
 * opened with app_id; fixed when editing), name (required, trimmed, ≤ 30; on blur the name-exists
 * check within the app, with adpos_id when editing: 'Ad slot name already exists'), ad style
 * (required; fixed when editing; changing it clears the content types), content types (required
 * once a style is chosen, marked as required; only the style's types are offered; a style whose
 * types are one mutually exclusive group, Banner's 5 and 6, offers them as a radio choice).
 * Save shows 'saved successfully'. The server enforces the same rules.
 */

import type { FieldError } from '@portal/contracts/envelope.ts';
import { contentTypeProblem, PLACEMENT_NAME_MAX, type PlacementItem } from '@portal/contracts/placements.ts';
import { Checkbox, Form, Input, Modal, Radio, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { succeed } from '@/lib/notify.ts';
import { RequestError } from '@/lib/request.ts';
import { placementNameExists, useAdStyles, useAppChoices, useSavePlacement } from '../api/placements-api.ts';

type Values = { app_id?: number; adpos_name: string; ad_style?: number; content_type: number[] };

export type PlacementDialogProps = {
  open: boolean;
  editing: PlacementItem | null;
  /** App preselected on create (route param app_id). */
  presetAppId?: number;
  onClose: () => void;
  /** After a successful create (not an edit), with the new ad slot. */
  onCreated?: (item: PlacementItem) => void;
};

export function PlacementDialog({ open, editing, presetAppId, onClose, onCreated }: PlacementDialogProps) {
  const { t } = useTranslation('placements');
  const [form] = Form.useForm<Values>();
  const styles = useAdStyles();
  const apps = useAppChoices();
  const save = useSavePlacement();
  const style = Form.useWatch('ad_style', form);
  const styleInfo = styles.data?.find((s) => s.ad_style === style);
  const typeOptions = (styleInfo?.content_types ?? []).map((c) => ({ value: c.value, label: c.name }));
  // One choice only when every type of the style is in one exclusive group (Banner: 5 or 6).
  const single =
    typeOptions.length > 1 &&
    (styleInfo?.exclusive ?? []).some((g) => typeOptions.every((o) => g.includes(o.value)));

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) {
      form.setFieldsValue({
        app_id: editing.app.id,
        adpos_name: editing.adpos_name,
        ad_style: editing.ad_style,
        content_type: editing.content_type,
      });
    } else if (presetAppId !== undefined) {
      form.setFieldsValue({ app_id: presetAppId });
    }
  }, [open, editing, presetAppId, form]);

  const label = (key: string) => t(`dialog.${key}`);
  const requiredMsg = (key: string) => t('rules.required', { field: label(key) });

  const submit = async () => {
    const v = await form.validateFields();
    try {
      const saved = await save.mutateAsync({
        ...(editing ? { adpos_id: editing.adpos_id } : {}),
        app: { id: v.app_id as number },
        adpos_name: v.adpos_name.trim(),
        ad_style: v.ad_style as number,
        content_type: v.content_type,
      });
      succeed(t('savedSuccessfully'));
      onClose();
      if (!editing) onCreated?.(saved);
    } catch (err) {
      if (err instanceof RequestError && err.code === 604) {
        const errors = (err.data as { errors?: FieldError[] } | undefined)?.errors ?? [];
        form.setFields(
          errors.map((e) => ({
            name: (e.field === 'app' ? 'app_id' : e.field) as keyof Values,
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
      okButtonProps={{ 'data-testid': 'adslot-dialog-save' } as Record<`data-${string}`, string>}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ content_type: [] }} data-testid="adslot-dialog">
        <Form.Item
          name="app_id"
          label={label('app')}
          rules={[{ required: true, message: requiredMsg('app') }]}
        >
          <Select
            data-testid="adslot-app"
            showSearch={{ optionFilterProp: 'label' }}
            disabled={editing !== null}
            options={(apps.data ?? []).map((a) => ({ value: a.id, label: a.app_name }))}
            onChange={() => {
              if (form.getFieldValue('adpos_name'))
                void form.validateFields(['adpos_name']).catch(() => undefined);
            }}
          />
        </Form.Item>
        <Form.Item
          name="adpos_name"
          label={label('name')}
          validateTrigger={['onChange', 'onBlur']}
          rules={[
            { required: true, whitespace: true, message: requiredMsg('name') },
            {
              validator: async (_, v?: string) => {
                if ((v ?? '').trim().length > PLACEMENT_NAME_MAX) {
                  throw new Error(t('rules.tooLong', { field: label('name'), max: PLACEMENT_NAME_MAX }));
                }
              },
            },
            {
              validateTrigger: 'onBlur',
              validator: async (_, v?: string) => {
                const name = (v ?? '').trim();
                const appId = form.getFieldValue('app_id') as number | undefined;
                if (!name || name.length > PLACEMENT_NAME_MAX || appId === undefined) return;
                if (await placementNameExists(appId, name, editing?.adpos_id))
                  throw new Error(t('rules.nameTaken'));
              },
            },
          ]}
        >
          <Input id="adpos_name" />
        </Form.Item>
        <Form.Item
          name="ad_style"
          label={label('adStyle')}
          rules={[{ required: true, message: requiredMsg('adStyle') }]}
        >
          <Select
            data-testid="adslot-style"
            disabled={editing !== null}
            options={(styles.data ?? []).map((s) => ({ value: s.ad_style, label: s.name }))}
            onChange={() => form.setFieldsValue({ content_type: [] })}
          />
        </Form.Item>
        {style !== undefined && (
          <Form.Item
            name="content_type"
            label={label('contentType')}
            required
            // The form keeps a list either way; the radio shows and sets its one element.
            {...(single
              ? {
                  getValueProps: (v?: number[]) => ({ value: v?.[0] }),
                  normalize: (v?: number) => (v === undefined ? [] : [v]),
                }
              : {})}
            rules={[
              {
                validator: async (_, v?: number[]) => {
                  const problem = contentTypeProblem(style, v ?? []);
                  if (problem === 'required') throw new Error(requiredMsg('contentType'));
                  if (problem === 'exclusive') throw new Error(t('rules.exclusive'));
                  if (problem) throw new Error(t('rules.badContent'));
                },
              },
            ]}
          >
            {single ? (
              <Radio.Group data-testid="adslot-content-types" options={typeOptions} />
            ) : (
              <Checkbox.Group data-testid="adslot-content-types" options={typeOptions} />
            )}
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

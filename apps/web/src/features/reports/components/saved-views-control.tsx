/**
 * Saved views in the report toolbar (issue 13 item 7): a select that opens one of the caller's views
 * or one shared in its organisation, "Save view" (name, private or shared) for the current state, and
 * deleting the open view when it is the caller's own. Hidden when the caller may not list views.
 */
import { DeleteOutlined, MailOutlined, SaveOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input, Modal, Popconfirm, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { succeed } from '@/lib/notify.ts';
import { ensureViewsCatalogue } from '@/lib/views-catalogue.ts';
import { useDeleteView, useSavedViews, useSaveView } from '../api/use-saved-views.ts';
import type { ReportDef } from '../lib/report-defs.ts';
import type { Query } from '../lib/report-query.ts';
import { type ViewState, viewFits, viewQueryOf, viewStateOf } from '../lib/view-state.ts';

ensureViewsCatalogue();

type SaveForm = { name: string; shared: boolean };

/** The control; `query` is the page's current list query (null while the columns load). */
export function SavedViewsControl(props: {
  def: ReportDef;
  query: Query | null;
  onApply: (state: ViewState) => void;
}) {
  const { t } = useTranslation('views');
  const views = useSavedViews(props.def.kind);
  const save = useSaveView();
  const remove = useDeleteView();
  const [current, setCurrent] = useState<number | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<SaveForm>();
  const navigate = useNavigate();
  if (views.isError) return null;
  const list = (views.data ?? []).filter((v) => viewFits(props.def, v));
  const open = list.find((v) => v.id === current);

  const onOpen = (id: number) => {
    const view = list.find((v) => v.id === id);
    if (!view) return;
    setCurrent(id);
    props.onApply(viewStateOf(props.def, view.query));
    succeed(t('views.opened', { name: view.name }));
  };
  const onSave = async (values: SaveForm) => {
    if (!props.query) return;
    let saved: { id: number };
    try {
      saved = await save.mutateAsync({
        kind: props.def.kind,
        name: values.name.trim(),
        shared: Boolean(values.shared),
        query: viewQueryOf(props.query),
      });
    } catch {
      return; // the request client has shown the message
    }
    setCurrent(saved.id);
    form.resetFields();
    setSaving(false);
    succeed(t('views.saved'));
  };

  return (
    <Space.Compact data-testid="saved-views">
      <Select
        // narrower on a phone, so the control and its two buttons stay inside the card (412 px)
        style={{ width: 'min(220px, calc(100vw - 260px))' }}
        placeholder={t('views.placeholder')}
        aria-label={t('views.placeholder')}
        data-testid="saved-views-select"
        loading={views.isLoading}
        value={open ? open.id : undefined}
        onChange={onOpen}
        showSearch={{ optionFilterProp: 'title' }}
        options={list.map((v) => ({
          value: v.id,
          title: v.name,
          label: (
            <span title={v.mine ? v.name : `${v.name} · ${t('views.by', { name: v.owner_name })}`}>
              {v.name} {v.shared ? <Tag color="blue">{t('views.sharedTag')}</Tag> : null}
            </span>
          ),
        }))}
      />
      <Button
        icon={<SaveOutlined />}
        disabled={!props.query}
        onClick={() => setSaving(true)}
        data-testid="saved-views-save"
      >
        {t('views.save')}
      </Button>
      {open?.mine ? (
        <Popconfirm
          title={t('views.deleteConfirm', { name: open.name })}
          onConfirm={async () => {
            try {
              await remove.mutateAsync(open.id);
            } catch {
              return; // the request client has shown the message
            }
            setCurrent(undefined);
            succeed(t('views.deleted'));
          }}
        >
          <Button icon={<DeleteOutlined />} aria-label={t('views.delete')} data-testid="saved-views-delete" />
        </Popconfirm>
      ) : null}
      {props.def.export ? (
        <Button
          icon={<MailOutlined />}
          aria-label={t('views.schedule')}
          title={t('views.schedule')}
          onClick={() => navigate('/report/schedules')}
          data-testid="saved-views-schedule"
        />
      ) : null}
      <Modal
        open={saving}
        title={t('views.saveTitle')}
        onCancel={() => setSaving(false)}
        onOk={() => form.submit()}
        confirmLoading={save.isPending}
        destroyOnHidden
      >
        <Form<SaveForm> form={form} layout="vertical" onFinish={onSave} initialValues={{ shared: false }}>
          <Form.Item
            name="name"
            label={t('views.name')}
            rules={[{ required: true, whitespace: true, max: 60, message: t('views.nameRule') }]}
          >
            <Input maxLength={60} data-testid="saved-views-name" autoFocus />
          </Form.Item>
          <Form.Item name="shared" valuePropName="checked">
            <Checkbox data-testid="saved-views-shared">{t('views.shared')}</Checkbox>
          </Form.Item>
        </Form>
      </Modal>
    </Space.Compact>
  );
}

/**
 * Notification preferences: each kind with its label and a choice of in the portal, by e-mail or
 * both (the kind's default marked); saved together.
 */
import type { NotificationChannels, NotificationPreference } from '@portal/contracts/notifications.ts';
import { Button, Flex, Radio, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { succeed } from '@/lib/notify.ts';
import { usePreferences, useSavePreferences } from '../api/notifications-api.ts';

const CHANNELS: NotificationChannels[] = ['portal', 'email', 'both'];

export function PreferencesForm() {
  const { t } = useTranslation('notifications');
  const prefs = usePreferences();
  const save = useSavePreferences();
  const [changed, setChanged] = useState<Record<string, NotificationChannels>>({});
  const rows = (prefs.data ?? []).map((p) => ({ ...p, channels: changed[p.kind] ?? p.channels }));
  const dirty = Object.entries(changed).some(
    ([kind, c]) => prefs.data?.find((p) => p.kind === kind)?.channels !== c,
  );

  const onSave = () =>
    save.mutate(
      { list: Object.entries(changed).map(([kind, channels]) => ({ kind, channels })) },
      {
        onSuccess: () => {
          setChanged({});
          succeed(t('preferences.saved'));
        },
      },
    );

  return (
    <>
      <Typography.Paragraph type="secondary">{t('preferences.intro')}</Typography.Paragraph>
      <Table<NotificationPreference>
        rowKey="kind"
        size="middle"
        loading={prefs.isPending}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 560 }}
        columns={[
          { title: t('preferences.kind'), dataIndex: 'label' },
          {
            title: t('preferences.channels'),
            key: 'channels',
            width: 330,
            render: (_, p) => (
              <Radio.Group
                size="small"
                optionType="button"
                value={p.channels}
                aria-label={p.label}
                data-testid={`preference-${p.kind}`}
                onChange={(e) => setChanged((c) => ({ ...c, [p.kind]: e.target.value }))}
                options={CHANNELS.map((c) => ({
                  value: c,
                  label: (
                    <>
                      {t(`preferences.${c}`)}
                      {c === p.default_channels && (
                        <Tag bordered={false} className="preference-default">
                          {t('preferences.default')}
                        </Tag>
                      )}
                    </>
                  ),
                }))}
              />
            ),
          },
        ]}
      />
      <Flex gap={8} justify="end" style={{ marginTop: 12 }}>
        <Button disabled={!dirty || save.isPending} onClick={() => setChanged({})}>
          {t('preferences.reset')}
        </Button>
        <Button
          type="primary"
          disabled={!dirty}
          loading={save.isPending}
          onClick={onSave}
          data-testid="preferences-save"
        >
          {t('preferences.save')}
        </Button>
      </Flex>
    </>
  );
}

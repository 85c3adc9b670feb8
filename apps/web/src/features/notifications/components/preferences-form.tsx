/**
 * Notification preferences: each kind with its label, its default, and a choice of in the portal, by
 * e-mail or both (wrapping under the label on a phone); saved together.
 */
import type { NotificationChannels, NotificationPreference } from '@portal/contracts/notifications.ts';
import { Button, Empty, Flex, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Entry, EntryList } from '@/components/entry-list.tsx';
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
      <EntryList<NotificationPreference>
        loading={prefs.isPending}
        items={rows}
        rowKey={(p) => p.kind}
        empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
        bordered
        size="small"
        renderItem={(p) => (
          <Entry>
            <Flex justify="space-between" align="center" wrap gap={8} style={{ width: '100%' }}>
              <div style={{ minWidth: 160, flex: '1 1 160px' }}>
                <Typography.Text id={`preference-label-${p.kind}`}>{p.label}</Typography.Text>
                <br />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('preferences.defaultIs', { channels: t(`preferences.${p.default_channels}`) })}
                </Typography.Text>
              </div>
              <Radio.Group
                size="small"
                optionType="button"
                value={p.channels}
                aria-labelledby={`preference-label-${p.kind}`}
                data-testid={`preference-${p.kind}`}
                onChange={(e) => setChanged((c) => ({ ...c, [p.kind]: e.target.value }))}
                options={CHANNELS.map((c) => ({ value: c, label: t(`preferences.${c}`) }))}
              />
            </Flex>
          </Entry>
        )}
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

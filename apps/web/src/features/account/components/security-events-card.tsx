/**
 * The caller's sign-in activity (issue 22 item 11): the latest 50 sign-in events the server recorded
 * in the audit log (sign-ins, wrong passwords and codes, lockouts, recovery codes, password changes,
 * sign-outs) with time, device and address.
 */
import type { SecurityEvent } from '@portal/contracts/security.ts';
import { Card, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LoadedTable } from '@/components/list-page/loaded-table.tsx';
import { useSecurityEvents } from '../api/security-api.ts';

/** Events that someone other than the user may have caused: shown in warning colours. */
const WARN = new Set(['login_failed', 'two_factor_failed', 'locked_out']);

/** The sign-in activity card. */
export function SecurityEventsCard() {
  const { t } = useTranslation('security');
  const events = useSecurityEvents();
  const label = (e: SecurityEvent) => {
    const base = t(`audit.actions.${e.action}`);
    const how = e.detail?.how;
    return typeof how === 'string'
      ? `${base} (${t(`events.how.${how}`, { count: Number(e.detail?.count ?? 1) })})`
      : base;
  };
  return (
    <Card title={t('events.title')} data-testid="security-events-card">
      <Typography.Paragraph type="secondary">{t('events.intro')}</Typography.Paragraph>
      <LoadedTable<SecurityEvent>
        testId="security-events-table"
        label={t('events.title')}
        rowKey="id"
        size="middle"
        loading={events.isPending}
        rows={events.data ?? []}
        pageSize={10}
        emptyText={t('events.empty')}
        columns={[
          {
            title: t('events.time'),
            dataIndex: 'at',
            width: 170,
            render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm:ss'),
          },
          {
            title: t('events.event'),
            key: 'action',
            render: (_: unknown, e) => (
              <Tag color={WARN.has(e.action) ? 'orange' : e.action === 'login' ? 'green' : 'default'}>
                {label(e)}
              </Tag>
            ),
          },
          { title: t('events.device'), dataIndex: 'device', render: (d: string) => d || '-' },
          { title: t('events.ip'), dataIndex: 'ip', render: (ip: string | null) => ip ?? '-' },
        ]}
      />
    </Card>
  );
}

/**
 * The caller's active sessions (issue 16 §4): device, address, signed in, last seen; sign out one
 * (signing out the current one ends this visit) or every other.
 */
import type { SessionItem } from '@portal/contracts/security.ts';
import { Button, Card, Popconfirm, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { succeed } from '@/lib/notify.ts';
import { useSessions, useSignOutOthers, useSignOutSession } from '../api/security-api.ts';

const when = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '-');

/** The sessions card. */
export function SessionsCard() {
  const { t } = useTranslation('security');
  const sessions = useSessions();
  const one = useSignOutSession();
  const others = useSignOutOthers();
  const hasOthers = (sessions.data ?? []).some((s) => !s.current);

  return (
    <Card
      title={t('sessions.title')}
      data-testid="sessions-card"
      extra={
        <Popconfirm
          title={t('sessions.signOutOthersConfirm')}
          disabled={!hasOthers}
          onConfirm={async () => {
            const res = await others.mutateAsync();
            succeed(t('sessions.signedOutOthers', { count: res.revoked }));
          }}
        >
          <Button disabled={!hasOthers} data-testid="sessions-sign-out-others">
            {t('sessions.signOutOthers')}
          </Button>
        </Popconfirm>
      }
    >
      <Table<SessionItem>
        rowKey="id"
        size="middle"
        loading={sessions.isPending}
        dataSource={sessions.data ?? []}
        pagination={false}
        scroll={{ x: 760 }}
        columns={[
          {
            title: t('sessions.device'),
            dataIndex: 'device',
            render: (d: string, row) => (
              <span>
                {d || t('sessions.unknownDevice')}{' '}
                {row.current && <Tag color="blue">{t('sessions.current')}</Tag>}
              </span>
            ),
          },
          { title: t('sessions.ip'), dataIndex: 'ip', render: (ip: string | null) => ip ?? '-' },
          { title: t('sessions.created'), dataIndex: 'created_at', render: when },
          { title: t('sessions.lastSeen'), dataIndex: 'last_seen_at', render: when },
          {
            title: '',
            key: 'out',
            render: (_: unknown, row) => (
              <Popconfirm title={t('sessions.signOutConfirm')} onConfirm={() => one.mutateAsync(row.id)}>
                <Button size="small" data-testid={`session-sign-out-${row.id}`}>
                  {t('sessions.signOut')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Card>
  );
}

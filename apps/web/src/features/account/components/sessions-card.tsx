/**
 * The caller's active sessions (issue 16 §4): device, address, signed in, last seen; sign out one
 * (signing out the current one ends this visit) or every other, after the password (and a code with
 * two-factor on). This visit's session comes first, then the others newest first (the server's
 * order), 10 a page: someone who signs in daily from several browsers can have dozens.
 */
import type { SessionItem } from '@portal/contracts/security.ts';
import { Button, Card, Popconfirm, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadedTable } from '@/components/list-page/loaded-table.tsx';
import { succeed } from '@/lib/notify.ts';
import { useSessions, useSignOutOthers, useSignOutSession, useTwoFactorStatus } from '../api/security-api.ts';
import { ReauthModal } from './reauth-modal.tsx';

const when = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '-');

/** Sessions per page. */
const PAGE_SIZE = 10;

/** This visit's session first, the rest in the server's order (newest first). */
const currentFirst = (list: SessionItem[]) => [
  ...list.filter((s) => s.current),
  ...list.filter((s) => !s.current),
];

/** The sessions card. */
export function SessionsCard() {
  const { t } = useTranslation('security');
  const sessions = useSessions();
  const one = useSignOutSession();
  const others = useSignOutOthers();
  const twoFactor = useTwoFactorStatus();
  const [asking, setAsking] = useState(false);
  const hasOthers = (sessions.data ?? []).some((s) => !s.current);

  return (
    <Card
      title={t('sessions.title')}
      data-testid="sessions-card"
      extra={
        <Button disabled={!hasOthers} onClick={() => setAsking(true)} data-testid="sessions-sign-out-others">
          {t('sessions.signOutOthers')}
        </Button>
      }
    >
      <ReauthModal
        open={asking}
        title={t('sessions.signOutOthersConfirm')}
        okText={t('sessions.signOutOthers')}
        withCode={twoFactor.data?.enabled === true}
        loading={others.isPending}
        onSubmit={async (body) => {
          const res = await others.mutateAsync(body);
          setAsking(false);
          succeed(t('sessions.signedOutOthers', { count: res.revoked }));
        }}
        onCancel={() => setAsking(false)}
        testId="sessions-reauth"
      />
      <LoadedTable<SessionItem>
        testId="sessions-table"
        label={t('sessions.title')}
        rowKey="id"
        size="middle"
        loading={sessions.isPending}
        rows={currentFirst(sessions.data ?? [])}
        pageSize={PAGE_SIZE}
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

/**
 * Row actions of the users page (contracts members.ts transitions): a new application can be approved
 * (3→1) or rejected (delete); an active member edited (roles and data permissions), inactivated (1→2)
 * or deleted; an inactive one reactivated (2→1) or deleted. Every change asks for confirmation; the
 * signed-in admin's own row has no actions (the server answers 10007 anyway).
 */
import { UserStatus } from '@portal/contracts/constants.ts';
import type { MemberItem } from '@portal/contracts/members.ts';
import { Button, type ButtonProps, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { runChange } from '@/components/list-page/run-change.ts';
import { useClickLock } from '@/lib/use-click-lock.ts';
import { useDeleteUser, useSetUserStatus } from '../api/members-api.ts';

type Action = {
  key: string;
  label: string;
  confirm: string;
  done: string;
  run: () => Promise<unknown>;
  danger?: boolean;
};

/** The action buttons of one member row. */
export function UserActions({ user, self }: { user: MemberItem; self: boolean }) {
  const { t } = useTranslation('members');
  const setStatus = useSetUserStatus();
  const remove = useDeleteUser();
  const [locked, lock] = useClickLock();
  if (self || user.status === UserStatus.DELETED) return <span>-</span>;

  const status = (to: 1 | 2) => () => setStatus.mutateAsync({ user_id: user.user_id, status: to });
  const del: Action = {
    key: 'delete',
    label: user.status === UserStatus.APPLICATION ? t('actions.reject') : t('actions.delete'),
    confirm: user.status === UserStatus.APPLICATION ? t('confirm.reject') : t('confirm.delete'),
    done: user.status === UserStatus.APPLICATION ? t('done.reject') : t('done.delete'),
    run: () => remove.mutateAsync(user.user_id),
    danger: true,
  };
  const byStatus: Record<number, Action[]> = {
    [UserStatus.APPLICATION]: [
      {
        key: 'approve',
        label: t('actions.approve'),
        confirm: t('confirm.approve'),
        done: t('done.approve'),
        run: status(1),
      },
      del,
    ],
    [UserStatus.ACTIVE]: [
      {
        key: 'inactivate',
        label: t('actions.inactivate'),
        confirm: t('confirm.inactivate'),
        done: t('done.inactivate'),
        run: status(2),
      },
      del,
    ],
    [UserStatus.INACTIVE]: [
      {
        key: 'reactivate',
        label: t('actions.reactivate'),
        confirm: t('confirm.reactivate'),
        done: t('done.reactivate'),
        run: status(1),
      },
      del,
    ],
  };
  const busy = setStatus.isPending || remove.isPending;

  return (
    <Space size={0} wrap>
      {user.status === UserStatus.ACTIVE && (
        <Link to={`/roles?user=${user.user_id}`} data-testid={`edit-${user.user_id}`}>
          <Button type="link" size="small">
            {t('actions.edit')}
          </Button>
        </Link>
      )}
      {(byStatus[user.status] ?? []).map((a) => (
        <Popconfirm
          key={a.key}
          title={a.confirm}
          okText={t('confirm.ok')}
          cancelText={t('confirm.cancel')}
          okButtonProps={{ 'data-testid': 'confirm-ok', danger: a.danger } as ButtonProps}
          onConfirm={async () => {
            lock();
            await runChange(a.run, a.done);
          }}
        >
          <Button
            type="link"
            size="small"
            danger={a.danger}
            disabled={locked || busy}
            data-testid={`${a.key}-${user.user_id}`}
          >
            {a.label}
          </Button>
        </Popconfirm>
      ))}
    </Space>
  );
}

/** The user status labels of spec §3: 1 activated, 2 inactivated, 3 new application, −1 deleted. */
import { UserStatus } from '@portal/contracts/constants.ts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusBadge, type StatusTone } from '@/components/status-badge.tsx';

const tone: Record<number, StatusTone> = {
  [UserStatus.ACTIVE]: 'success',
  [UserStatus.INACTIVE]: 'neutral',
  [UserStatus.APPLICATION]: 'warning',
  [UserStatus.DELETED]: 'error',
};

/** The shared status badge with the user status label in the current language (`status-<status>`). */
export function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation('common');
  return (
    <StatusBadge
      tone={tone[status] ?? 'neutral'}
      label={t(`userStatus.${status}`, { defaultValue: String(status) })}
      testId={`status-${status}`}
    />
  );
}

/** Role tags: the catalogue name in the current language for 67, 68 and 70. */
export function RoleTags({ roleIds }: { roleIds: number[] }) {
  const { t } = useTranslation('common');
  if (roleIds.length === 0) return <span>-</span>;
  return (
    <>
      {roleIds.map((id) => (
        <Tag key={id} color={id === 67 ? 'blue' : id === 70 ? 'purple' : 'default'}>
          {t(`roles.${id}`, { defaultValue: String(id) })}
        </Tag>
      ))}
    </>
  );
}

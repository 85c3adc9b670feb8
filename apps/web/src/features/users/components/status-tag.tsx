/** The user status labels of spec §3: 1 activated, 2 inactivated, 3 new application, −1 deleted. */
import { UserStatus } from '@portal/contracts/constants.ts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const color: Record<number, string> = {
  [UserStatus.ACTIVE]: 'green',
  [UserStatus.INACTIVE]: 'default',
  [UserStatus.APPLICATION]: 'gold',
  [UserStatus.DELETED]: 'red',
};

/** A coloured tag with the status label in the current language. */
export function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation('common');
  return (
    <Tag color={color[status] ?? 'default'} data-testid={`status-${status}`}>
      {t(`userStatus.${status}`, { defaultValue: String(status) })}
    </Tag>
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

/**
 * /account/index (spec §2): the signed-in user's email, name, user name, organisation (with its
 * account id, which others need to join by Account ID), roles and status, fresh from user_info; and
 * the time zone of the user's hourly reports (issue 13 item 9).
 */
import { UserStatus } from '@portal/contracts/constants.ts';
import { Alert, Button, Card, Descriptions, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePhone } from '@/lib/use-phone.ts';
import { useSession } from '@/lib/use-session.ts';
import { useAccountInfo } from '../api/use-account-info.ts';
import { ReportZoneSelect } from '../components/report-zone-select.tsx';

const statusColor: Record<number, string> = {
  [UserStatus.ACTIVE]: 'green',
  [UserStatus.INACTIVE]: 'default',
  [UserStatus.APPLICATION]: 'gold',
  [UserStatus.DELETED]: 'red',
};

/** Account info screen. */
export default function AccountInfoPage() {
  const { t } = useTranslation('account');
  const { token, userInfo: cached } = useSession();
  const query = useAccountInfo(token);
  const user = query.data ?? cached;
  // On a phone each label sits above its value: beside a 200 px label, the time zone picker (320 px)
  // pushed the table past the screen's edge.
  const phone = usePhone();

  if (!user) {
    return (
      <Card title={t('info.title')} data-testid="account-info">
        {query.isError ? (
          <Alert type="error" showIcon title={t('info.loadFailed')} />
        ) : (
          <Spin style={{ display: 'block', margin: '48px auto' }} />
        )}
      </Card>
    );
  }

  const dash = '-';
  return (
    <Card title={t('info.title')} data-testid="account-info" loading={query.isPending && !cached}>
      <Descriptions
        column={1}
        bordered
        size="middle"
        layout={phone ? 'vertical' : 'horizontal'}
        styles={phone ? undefined : { label: { width: 200 } }}
        data-testid="account-info-fields"
      >
        <Descriptions.Item label={t('info.email')}>
          <span data-testid="info-email">{user.email}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('info.name')}>{user.name || dash}</Descriptions.Item>
        <Descriptions.Item label={t('info.userName')}>{user.user_name || dash}</Descriptions.Item>
        <Descriptions.Item label={t('info.company')}>
          {user.company_name ? (
            <span data-testid="info-company">{user.company_name}</span>
          ) : (
            <span>
              {t('info.noCompany')} <Link to="/organize">{t('info.goOrganize')}</Link>
            </span>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('info.accountId')}>
          {user.account_id !== null ? (
            <Typography.Text copyable data-testid="info-account-id">
              {String(user.account_id)}
            </Typography.Text>
          ) : (
            dash
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('info.role')}>
          {user.opt_permission.length > 0
            ? user.opt_permission.map((p) => (
                <Tag key={p.role_info.id} color="blue">
                  {t(`common:roles.${p.role_info.id}`, { defaultValue: p.role_info.name })}
                </Tag>
              ))
            : dash}
        </Descriptions.Item>
        <Descriptions.Item label={t('info.status')}>
          <Tag color={statusColor[user.status] ?? 'default'} data-testid="info-status">
            {t(`common:userStatus.${user.status}`, { defaultValue: String(user.status) })}
          </Tag>
        </Descriptions.Item>
        {user.network_timezone ? (
          <Descriptions.Item label={t('info.timezone')}>
            <ReportZoneSelect info={user} />
            <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
              {t('info.zoneHelp', { zone: user.network_timezone })}
            </Typography.Paragraph>
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <div style={{ marginTop: 16 }}>
        <Link to="/account/modPassword">
          <Button>{t('info.changePassword')}</Button>
        </Link>
      </div>
    </Card>
  );
}

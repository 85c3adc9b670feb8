/** /account/index: the signed-in user's cached info. */
import { Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/use-session.ts';

/** Account info screen. */
export default function AccountInfoPage() {
  const { t } = useTranslation('account');
  const { userInfo } = useSession();
  return (
    <Card title={t('info.title')}>
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('info.email')}>{userInfo?.email ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('info.name')}>{userInfo?.name || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('info.userName')}>{userInfo?.user_name || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('info.company')}>{userInfo?.company_name || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('info.role')}>
          {userInfo?.opt_permission.map((p) => <Tag key={p.role_info.id}>{p.role_info.name}</Tag>) ?? '-'}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** Shown for a known screen the user's permissions do not include (spec §2, §6). */
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** No-permission warning. */
export function NoPermissionPage() {
  const { t } = useTranslation('common');
  return <Result status="403" title={t('errors.noPermission')} data-testid="no-permission" />;
}

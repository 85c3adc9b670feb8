/** /account/modPassword placeholder (PUT /api/v1/user/password is a later issue). */
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/placeholder-page.tsx';

/** Change password screen (placeholder). */
export default function ModPasswordPage() {
  const { t } = useTranslation('account');
  return <PlaceholderPage title={t('modPassword.title')} body={t('modPassword.body')} />;
}

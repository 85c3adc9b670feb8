/** /resetPassword placeholder (the reset flow is a later issue). */
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/placeholder-page.tsx';

/** Reset password screen (placeholder). */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  return <PlaceholderPage title={t('resetPassword.title')} body={t('resetPassword.body')} />;
}

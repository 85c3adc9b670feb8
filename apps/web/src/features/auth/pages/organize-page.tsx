/** /organize placeholder (create or join an organisation is a later issue). */
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/placeholder-page.tsx';

/** Organize screen (placeholder). */
export default function OrganizePage() {
  const { t } = useTranslation('auth');
  return <PlaceholderPage title={t('organize.title')} body={t('organize.body')} />;
}

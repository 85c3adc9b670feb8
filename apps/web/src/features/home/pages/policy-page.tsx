/** /policy/index placeholder (the 10-section policy is a later issue). */
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/placeholder-page.tsx';

/** Privacy policy screen (placeholder). */
export default function PolicyPage() {
  const { t } = useTranslation('home');
  return <PlaceholderPage title={t('policy.title')} body={t('policy.body')} />;
}

/** /empty (spec §2): a page with nothing on it, and a way back home. */
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '@/components/link-button.tsx';
import '../errors.css';

/** Empty screen. */
export default function EmptyPage() {
  const { t } = useTranslation('common');
  return (
    <Empty
      className="error-page"
      description={<h1 className="error-page-title">{t('empty')}</h1>}
      data-testid="empty-page"
    >
      <LinkButton to="/home">{t('notFound.back')}</LinkButton>
    </Empty>
  );
}

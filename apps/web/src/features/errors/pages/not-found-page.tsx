/** /404 (spec §2) with the spec's texts and a link back home. */
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '@/components/link-button.tsx';
import '../errors.css';

/** Not-found screen. */
export default function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <Result
      className="error-page"
      status="404"
      title={<h1 className="error-page-title">{t('notFound.title')}</h1>}
      subTitle={t('notFound.hint')}
      extra={
        <LinkButton to="/home" type="primary" data-testid="back-home">
          {t('notFound.back')}
        </LinkButton>
      }
      data-testid="not-found"
    />
  );
}

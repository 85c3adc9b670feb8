/** /404 with the spec's texts and a way back home. */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Not-found screen. */
export default function NotFoundPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      subTitle={t('notFound.hint')}
      extra={
        <Button type="primary" data-testid="back-home" onClick={() => navigate('/home')}>
          {t('notFound.back')}
        </Button>
      }
    />
  );
}

/** /empty: a blank page. */
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';

/** Empty screen. */
export default function EmptyPage() {
  const { t } = useTranslation('common');
  return <Empty style={{ marginTop: 96 }} description={t('empty')} />;
}

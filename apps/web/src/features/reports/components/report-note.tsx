/** The report disclaimer of spec §1: data is for reference only and cannot prove billable amounts. */
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/** Disclaimer banner shown on report screens. */
export function ReportNote() {
  const { t } = useTranslation('reports');
  return (
    <Alert type="info" showIcon title={t('note')} data-testid="report-note" style={{ marginBottom: 16 }} />
  );
}

/** The report disclaimer of spec §1: data is for reference only and cannot prove billable amounts. */
import { InfoCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** Disclaimer line on report screens: one small line, so the rows stay above the fold (issue 13). */
export function ReportNote() {
  const { t } = useTranslation('reports');
  return (
    <p className="report-note" data-testid="report-note" role="note">
      <InfoCircleOutlined aria-hidden /> {t('note')}
    </p>
  );
}

/** /report/reportv2: the New Affiliate (db_source affiliate_2024, from 2024-01-01) report, rendered by the report framework from its definition. */
import { reportDefs } from '../lib/report-defs.ts';
import { ReportPage } from './report-page.tsx';

/** New Affiliate report screen. */
export default function NewAffiliateReportPage() {
  return <ReportPage def={reportDefs.newAffiliate} />;
}

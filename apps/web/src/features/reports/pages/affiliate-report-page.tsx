/** /report/newreport: the Affiliate (db_source affiliate_2023, from 2023-07-25) report, rendered by the report framework from its definition. */
import { reportDefs } from '../lib/report-defs.ts';
import { ReportPage } from './report-page.tsx';

/** Affiliate report screen. */
export default function AffiliateReportPage() {
  return <ReportPage def={reportDefs.affiliate} />;
}

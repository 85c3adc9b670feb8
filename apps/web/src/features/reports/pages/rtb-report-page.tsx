/** /report/rtb: the RTB report, rendered by the report framework from its definition. */
import { reportDefs } from '../lib/report-defs.ts';
import { ReportPage } from './report-page.tsx';

/** RTB report screen. */
export default function RtbReportPage() {
  return <ReportPage def={reportDefs.rtb} />;
}

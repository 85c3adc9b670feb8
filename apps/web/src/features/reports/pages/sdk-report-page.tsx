/** /report/sdk: the SDK report, rendered by the report framework from its definition. */
import { reportDefs } from '../lib/report-defs.ts';
import { ReportPage } from './report-page.tsx';

/** SDK report screen. */
export default function SdkReportPage() {
  return <ReportPage def={reportDefs.sdk} />;
}

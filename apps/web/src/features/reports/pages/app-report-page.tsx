/** /appReport/list: the App report (GET /gx/report/list; no export, no custom columns) report, rendered by the report framework from its definition. */
import { reportDefs } from '../lib/report-defs.ts';
import { ReportPage } from './report-page.tsx';

/** App report report screen. */
export default function AppReportPage() {
  return <ReportPage def={reportDefs.app} />;
}

/** /report/game: the Game centre report, rendered by the report framework from its definition. */
import { reportDefs } from '../lib/report-defs.ts';
import { ReportPage } from './report-page.tsx';

/** Game centre report screen. */
export default function GameReportPage() {
  return <ReportPage def={reportDefs.game} />;
}

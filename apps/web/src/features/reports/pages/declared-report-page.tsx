/**
 * Every report screen the report registry declares but the SDK report's (RTB, Affiliate, New
 * Affiliate, game centre, APP report, and any new kind): the route's path picks the screen's
 * definition (lib/report-defs.ts, from the kind's declaration), which the report framework renders.
 */
import { useLocation } from 'react-router';
import { findEntry } from '@/lib/route-table.ts';
import { reportDefAt } from '../lib/report-defs.ts';
import { ReportPage } from './report-page.tsx';

/** The declared report screen at the current path. */
export default function DeclaredReportPage() {
  const { pathname } = useLocation();
  // The route table mounts this page at declared screens' paths only; findEntry undoes a trailing slash.
  const def = reportDefAt(findEntry(pathname)?.path ?? pathname);
  if (!def) throw new Error(`no declared report screen at ${pathname}`);
  // Keyed by screen: going from one declared report to another starts the page afresh.
  return <ReportPage key={def.id} def={def} />;
}

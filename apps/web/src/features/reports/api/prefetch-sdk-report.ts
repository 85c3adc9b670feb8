/** The SDK report's first list page, started while the app shell loads (app/route-table.tsx). */
import type { QueryClient } from '@tanstack/react-query';
import { reportDefs } from '../lib/report-defs.ts';
import { prefetchReport } from './prefetch-report.ts';

/** Starts the first page of /report/sdk into `client`'s cache. */
export function prefetch(client: QueryClient): void {
  void prefetchReport(client, reportDefs.sdk);
}

/** The SDK report's first list page, started while the app shell loads (app/route-table.tsx). */
import type { QueryClient } from '@tanstack/react-query';
import { reportDefs } from '../lib/report-defs.ts';
import { prefetchReport } from './prefetch-report.ts';

/**
 * Starts the first page of /report/sdk into `client`'s cache once the user info is in the session
 * (`userInfoKnown`): the default range is on the user's clock, so asking earlier could ask another
 * range than the screen, a second list request (issue 26 item 1).
 */
export function prefetch(client: QueryClient, userInfoKnown: Promise<unknown>): void {
  void userInfoKnown.then(() => prefetchReport(client, reportDefs.sdk));
}

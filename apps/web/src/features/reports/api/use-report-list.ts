/** A report page: `{ list, count, total }` of any report list entry (api-contract §8). */
import type { ReportListData } from '@portal/contracts/reports.ts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpointUnchecked } from '@/lib/call-endpoint.ts';
import type { ReportListEndpoint } from '../lib/report-defs.ts';
import type { Query } from '../lib/report-query.ts';

export type ReportListQuery = Query;

/**
 * How long a page counts as fresh, ms: a page prefetched while the screen loads (api/prefetch-report.ts)
 * is shown without being asked for again when the screen mounts. Search always refetches.
 */
export const REPORT_LIST_STALE_MS = 10_000;

/**
 * The report screens build each kind's query from its definition (lib/report-query.ts), one record
 * shape for every kind; the server checks it against the entry's query schema (604 with fields).
 * Every list entry answers a report page; the game list's `app` cells are `{ app_name, pkg_name }`
 * objects (contracts reports-game), which components/report-cells.tsx renders as such.
 */
export function fetchReportList(
  endpoint: ReportListEndpoint,
  query: Query,
  timeoutMs?: number,
): Promise<ReportListData> {
  return callEndpointUnchecked(endpoint, { query }, { timeoutMs }) as Promise<ReportListData>;
}

/** Key, fetcher and freshness of one report page: shared by the screen and the prefetch. */
export function reportListOptions(endpoint: ReportListEndpoint, query: Query | null, timeoutMs?: number) {
  return queryOptions({
    queryKey: ['report_list', endpoint.path, query],
    queryFn: () => fetchReportList(endpoint, query ?? {}, timeoutMs),
    staleTime: REPORT_LIST_STALE_MS,
    retry: false,
  });
}

/** One report page; disabled until a query exists. Keeps the previous page while the next loads. */
export function useReportList(endpoint: ReportListEndpoint, query: Query | null, timeoutMs?: number) {
  return useQuery({
    ...reportListOptions(endpoint, query, timeoutMs),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

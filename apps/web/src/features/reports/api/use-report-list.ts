/** A report page: `{ list, count, total }` of any report list path (api-contract §8). */
import type { ReportListData } from '@portal/contracts/reports.ts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import type { Query } from '../lib/report-query.ts';

export type ReportListQuery = Query;

/**
 * How long a page counts as fresh, ms: a page prefetched while the screen loads (api/prefetch-report.ts)
 * is shown without being asked for again when the screen mounts. Search always refetches.
 */
export const REPORT_LIST_STALE_MS = 10_000;

/** Fetches one page of a report from `path`. */
export function fetchReportList(path: string, query: Query, timeoutMs?: number): Promise<ReportListData> {
  return request<ReportListData>(path, { query, timeoutMs });
}

/** Key, fetcher and freshness of one report page: shared by the screen and the prefetch. */
export function reportListOptions(path: string, query: Query | null, timeoutMs?: number) {
  return queryOptions({
    queryKey: ['report_list', path, query],
    queryFn: () => fetchReportList(path, query ?? {}, timeoutMs),
    staleTime: REPORT_LIST_STALE_MS,
    retry: false,
  });
}

/** One report page; disabled until a query exists. Keeps the previous page while the next loads. */
export function useReportList(path: string, query: Query | null, timeoutMs?: number) {
  return useQuery({
    ...reportListOptions(path, query, timeoutMs),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

/** A report page: `{ list, count, total }` of any report list path (api-contract §8). */
import type { ReportListData } from '@portal/contracts/reports.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import type { Query } from '../lib/report-query.ts';

export type ReportListQuery = Query;

/** Fetches one page of a report from `path`. */
export function fetchReportList(path: string, query: Query, timeoutMs?: number): Promise<ReportListData> {
  return request<ReportListData>(path, { query, timeoutMs });
}

/** One report page; disabled until a query exists. Keeps the previous page while the next loads. */
export function useReportList(path: string, query: Query | null, timeoutMs?: number) {
  return useQuery({
    queryKey: ['report_list', path, query],
    queryFn: () => fetchReportList(path, query ?? {}, timeoutMs),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

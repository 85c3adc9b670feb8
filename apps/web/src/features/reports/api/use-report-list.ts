/** GET /v1/report/list/{kind} → { list, count, total } (api-contract §8). */
import type { ReportListData } from '@portal/contracts/reports.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import type { ReportKind } from './use-stat-columns.ts';

export type ReportListQuery = Record<string, string | number | undefined>;

/** Fetches one page of a report. */
export function fetchReportList(kind: ReportKind, query: ReportListQuery): Promise<ReportListData> {
  return request<ReportListData>(`/v1/report/list/${kind}`, { query });
}

/** One report page; disabled until a query exists. Keeps the previous page while the next loads. */
export function useReportList(kind: ReportKind, query: ReportListQuery | null) {
  return useQuery({
    queryKey: ['report_list', kind, query],
    queryFn: () => fetchReportList(kind, query ?? {}),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

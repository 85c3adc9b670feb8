/** GET /v1/report/trend/{kind} → one point per day (contracts reports-kinds `trendData`). */
import type { TrendData } from '@portal/contracts/reports-kinds.ts';
import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import type { Query } from '../lib/report-query.ts';

/** The trend of one metric over the range, same filters and scope as the list. */
export function useTrend(path: string, query: Query | null, timeoutMs?: number) {
  return useQuery({
    queryKey: ['report_trend', path, query],
    queryFn: () => request<TrendData>(path, { query: query ?? {}, timeoutMs }),
    enabled: query !== null,
    retry: false,
    staleTime: 60_000,
  });
}

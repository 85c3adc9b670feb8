/** GET /v1/report/trend/{kind} → one point per day (contracts reports-kinds `trendData`). */
import { reportsEndpoints } from '@portal/contracts/endpoints/reports.ts';
import type { ReportKind } from '@portal/contracts/reports-kinds.ts';
import { useQuery } from '@tanstack/react-query';
import { callEndpointUnchecked } from '@/lib/call-endpoint.ts';
import type { Query } from '../lib/report-query.ts';

/** The trend of one metric of report `kind` over the range, same filters and scope as the list. */
export function useTrend(kind: ReportKind, query: Query | null, timeoutMs?: number) {
  return useQuery({
    queryKey: ['report_trend', kind, query],
    // the list's query record (lib/report-query.ts); the server checks it against the trend's schema
    queryFn: () =>
      callEndpointUnchecked(reportsEndpoints.trend, { params: { kind }, query: query ?? {} }, { timeoutMs }),
    enabled: query !== null,
    retry: false,
    staleTime: 60_000,
  });
}

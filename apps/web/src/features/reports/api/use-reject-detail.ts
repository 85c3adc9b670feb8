/** GET /v1/report/list/affiliate/reject → reject reasons of one row (spec §2 Reject Detail). */
import { reportsEndpoints } from '@portal/contracts/endpoints/reports.ts';
import { useQuery } from '@tanstack/react-query';
import { callEndpointUnchecked } from '@/lib/call-endpoint.ts';
import type { Query } from '../lib/report-query.ts';

/** The reject detail's export entry (the dialog's export button). */
export const rejectExportEndpoint = reportsEndpoints.rejectExport;

/** Reject reasons and counts of the clicked row; disabled while no row is chosen. */
export function useRejectDetail(query: Query | null) {
  return useQuery({
    queryKey: ['report_reject', query],
    // the clicked row's dimensions as a query record (lib/report-query.ts); the server checks it
    queryFn: () => callEndpointUnchecked(reportsEndpoints.rejectList, { query: query ?? {} }),
    enabled: query !== null,
    retry: false,
  });
}

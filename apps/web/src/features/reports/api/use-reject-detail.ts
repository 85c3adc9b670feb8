/** GET /v1/report/list/affiliate/reject → reject reasons of one row (spec §2 Reject Detail). */
import type { RejectListData } from '@portal/contracts/reports-affiliate.ts';
import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import type { Query } from '../lib/report-query.ts';

export const REJECT_LIST_PATH = '/v1/report/list/affiliate/reject';
export const REJECT_EXPORT_PATH = '/v1/report/export/affiliate/reject';

/** Reject reasons and counts of the clicked row; disabled while no row is chosen. */
export function useRejectDetail(query: Query | null) {
  return useQuery({
    queryKey: ['report_reject', query],
    queryFn: () => request<RejectListData>(REJECT_LIST_PATH, { query: query ?? {} }),
    enabled: query !== null,
    retry: false,
  });
}

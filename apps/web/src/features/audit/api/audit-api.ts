/** Audit log endpoints (contracts security.ts): one page with filters, and the CSV export. */
import { securityEndpoints } from '@portal/contracts/endpoints/security.ts';
import type { AuditObjectType } from '@portal/contracts/security.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint, downloadEndpoint } from '@/lib/call-endpoint.ts';

export type AuditFilter = {
  actor_id?: number;
  object_type?: AuditObjectType;
  /** yyyy-MM-dd, inclusive UTC days. */
  start?: string;
  end?: string;
  page_no: number;
  page_size: number;
};

/** GET /v1/audit/list. */
export function useAuditLog(filter: AuditFilter) {
  return useQuery({
    queryKey: ['audit', filter],
    queryFn: () => callEndpoint(securityEndpoints.auditList, { query: filter }),
    placeholderData: keepPreviousData,
  });
}

/** GET /v1/audit/export with the same filters; saves the CSV file. */
export async function exportAuditLog(filter: Omit<AuditFilter, 'page_no' | 'page_size'>): Promise<void> {
  const { blob, filename } = await downloadEndpoint(securityEndpoints.auditExport, { query: filter });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename ?? 'audit.csv';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

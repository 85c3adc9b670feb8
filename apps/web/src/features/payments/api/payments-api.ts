/**
 * Payments endpoints (contracts payments.ts): the publisher's summary, statements, payouts, profile
 * and documents, and operations' month close. Amounts are integer micro-units of USD.
 */
import type {
  DocumentItem,
  PaymentProfile,
  PaymentProfileBody,
  PaymentSummary,
  PayoutBody,
  PayoutItem,
  StatementDetail,
  StatementItem,
  StatementStatus,
} from '@portal/contracts/payments.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request, requestBlob } from '@/lib/request.ts';

/** GET /v1/payments/summary. */
export function usePaymentSummary() {
  return useQuery({
    queryKey: ['payments', 'summary'],
    queryFn: () => request<PaymentSummary>('/v1/payments/summary'),
  });
}

/** GET /v1/payments/statements. */
export function useStatements() {
  return useQuery({
    queryKey: ['payments', 'statements'],
    queryFn: () => request<{ list: StatementItem[] }>('/v1/payments/statements'),
  });
}

/** One statement: the publisher's route, or operations' (`ops`). */
export function useStatement(id: number | null, ops = false) {
  return useQuery({
    queryKey: ['payments', 'statement', ops, id],
    enabled: id !== null,
    queryFn: () => request<StatementDetail>(`/v1/${ops ? 'ops/' : ''}payments/statements/${id}`),
  });
}

/** GET /v1/payments/payouts. */
export function usePayouts() {
  return useQuery({
    queryKey: ['payments', 'payouts'],
    queryFn: () => request<{ list: PayoutItem[] }>('/v1/payments/payouts'),
  });
}

/** GET /v1/payments/profile (null before the first save). */
export function useProfile() {
  return useQuery({
    queryKey: ['payments', 'profile'],
    queryFn: () => request<PaymentProfile | null>('/v1/payments/profile'),
  });
}

/** GET /v1/payments/documents. */
export function useDocuments() {
  return useQuery({
    queryKey: ['payments', 'documents'],
    queryFn: () => request<{ list: DocumentItem[] }>('/v1/payments/documents'),
  });
}

/** Invalidates every payments query after a change. */
function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['payments'] });
}

/** PUT /v1/payments/profile. */
export function useSaveProfile() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: PaymentProfileBody) =>
      request<PaymentProfile>('/v1/payments/profile', { method: 'PUT', body }),
    onSuccess: refresh,
  });
}

/** The file as base64 (no data: prefix). */
export async function fileBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** POST an invoice (statement id given) or a tax form. */
export function useUpload() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ file, statementId }: { file: File; statementId?: number }) =>
      request<DocumentItem>(
        statementId ? `/v1/payments/statements/${statementId}/invoice` : '/v1/payments/documents',
        { method: 'POST', body: { file_name: file.name, content_base64: await fileBase64(file) } },
      ),
    onSuccess: refresh,
  });
}

/** Opens a file the server answers (PDF) in a new tab, or saves it (exports). */
export async function openFile(
  path: string,
  query: Record<string, string> = {},
  save = false,
): Promise<void> {
  const { blob, filename } = await requestBlob(path, { query });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  if (save) a.download = filename ?? 'download';
  else a.target = '_blank';
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

// ---- operations ----

export type OpsFilter = { month?: number; profit_center_id?: number; status?: StatementStatus };

/** GET /v1/ops/payments/statements. */
export function useOpsStatements(filter: OpsFilter) {
  return useQuery({
    queryKey: ['payments', 'ops', filter],
    queryFn: () => request<{ list: StatementItem[] }>('/v1/ops/payments/statements', { query: filter }),
  });
}

/** GET /v1/ops/profit_center. */
export function useProfitCenters() {
  return useQuery({
    queryKey: ['payments', 'profit-centers'],
    queryFn: () => request<{ id: number; name: string }[]>('/v1/ops/profit_center'),
  });
}

/** One operations action (POST), then every payments query is read again. */
export function useOpsAction<B>(path: (b: B) => string, body: (b: B) => unknown = (b) => b) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (b: B) => request<unknown>(path(b), { method: 'POST', body: body(b) }),
    onSuccess: refresh,
  });
}

export type { PayoutBody };

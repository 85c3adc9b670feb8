/**
 * Payments endpoints (contracts payments.ts): the publisher's summary, statements, payouts, profile
 * and documents, and operations' month close. Amounts are integer micro-units of USD.
 */
import type { Lang } from '@portal/contracts/codes.ts';
import { opsEndpoints } from '@portal/contracts/endpoints/ops.ts';
import { paymentsEndpoints } from '@portal/contracts/endpoints/payments.ts';
import { paymentsOpsEndpoints } from '@portal/contracts/endpoints/payments-ops.ts';
import type { EndpointBody } from '@portal/contracts/endpoints.ts';
import type { PaymentProfileBody, PayoutBody, StatementStatus } from '@portal/contracts/payments.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  callEndpoint,
  callEndpointUnchecked,
  downloadEndpoint,
  type EndpointInput,
  type EnvelopeEndpoint,
  type UncheckedInput,
} from '@/lib/call-endpoint.ts';
import type { Download } from '@/lib/request.ts';

/** GET /v1/payments/summary. */
export function usePaymentSummary() {
  return useQuery({
    queryKey: ['payments', 'summary'],
    queryFn: () => callEndpoint(paymentsEndpoints.summary),
  });
}

/** GET /v1/payments/statements. */
export function useStatements() {
  return useQuery({
    queryKey: ['payments', 'statements'],
    queryFn: () => callEndpoint(paymentsEndpoints.statements),
  });
}

/** One statement: the publisher's route, or operations' (`ops`). */
export function useStatement(id: number | null, ops = false) {
  return useQuery({
    queryKey: ['payments', 'statement', ops, id],
    enabled: id !== null,
    queryFn: () =>
      callEndpoint(ops ? paymentsOpsEndpoints.statement : paymentsEndpoints.statement, {
        params: { id: id ?? 0 },
      }),
  });
}

/** GET /v1/payments/payouts. */
export function usePayouts() {
  return useQuery({
    queryKey: ['payments', 'payouts'],
    queryFn: () => callEndpoint(paymentsEndpoints.payouts),
  });
}

/** GET /v1/payments/profile (null before the first save). */
export function useProfile() {
  return useQuery({
    queryKey: ['payments', 'profile'],
    queryFn: () => callEndpoint(paymentsEndpoints.profile),
  });
}

/** GET /v1/payments/documents. */
export function useDocuments() {
  return useQuery({
    queryKey: ['payments', 'documents'],
    queryFn: () => callEndpoint(paymentsEndpoints.documents),
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
    mutationFn: (body: PaymentProfileBody) => callEndpoint(paymentsEndpoints.setProfile, { body }),
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
    mutationFn: async ({ file, statementId }: { file: File; statementId?: number }) => {
      const body = { file_name: file.name, content_base64: await fileBase64(file) };
      return statementId
        ? callEndpoint(paymentsEndpoints.uploadInvoice, { params: { id: statementId }, body })
        : callEndpoint(paymentsEndpoints.uploadDocument, { body });
    },
    onSuccess: refresh,
  });
}

/**
 * Opens a file the server answers (PDF) in a new tab, or saves it (exports): `file` is its download,
 * e.g. `downloadEndpoint(paymentsEndpoints.document, { params: { id } })`.
 */
async function openFile(file: Promise<Download>, save = false): Promise<void> {
  const { blob, filename } = await file;
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

/** A statement's PDF in `lang`, opened in a new tab. */
export function openStatementPdf(id: number, lang: Lang): Promise<void> {
  return openFile(downloadEndpoint(paymentsEndpoints.statementPdf, { params: { id }, query: { lang } }));
}

/** An uploaded document (invoice, tax form), opened in a new tab. */
export function openDocument(id: number): Promise<void> {
  return openFile(downloadEndpoint(paymentsEndpoints.document, { params: { id } }));
}

/** The payout history saved as `format` (csv or xlsx). */
export function savePayoutsExport(format: 'csv' | 'xlsx'): Promise<void> {
  return openFile(downloadEndpoint(paymentsEndpoints.payoutsExport, { query: { format } }), true);
}

// ---- operations ----

export type OpsFilter = { month?: number; profit_center_id?: number; status?: StatementStatus };

/** GET /v1/ops/payments/statements. */
export function useOpsStatements(filter: OpsFilter) {
  return useQuery({
    queryKey: ['payments', 'ops', filter],
    queryFn: () => callEndpoint(paymentsOpsEndpoints.statements, { query: filter }),
  });
}

/** GET /v1/ops/profit_center. */
export function useProfitCenters() {
  return useQuery({
    queryKey: ['payments', 'profit-centers'],
    queryFn: () => callEndpoint(opsEndpoints.profitCenters),
  });
}

/**
 * One operations action (an entry of paymentsOpsEndpoints), then every payments query is read again.
 * The mutation's variables are the entry's body, or what `input` turns into the call's input.
 */
export function useOpsAction<E extends EnvelopeEndpoint, B = EndpointBody<E>>(
  endpoint: E,
  input: (b: B) => EndpointInput<E> = (b) => ({ body: b }) as EndpointInput<E>,
) {
  const refresh = useRefresh();
  return useMutation({
    // E is generic here, so the call's input type is not resolved: it is the entry's own (EndpointInput<E>)
    mutationFn: (b: B) => callEndpointUnchecked(endpoint, input(b) as UncheckedInput),
    onSuccess: refresh,
  });
}

export type { PayoutBody };

/**
 * Saved views and report schedules (contracts report-views.ts): lists, saves and deletes. The server
 * scopes every call to the caller; these hooks only keep the lists fresh after a change.
 */
import { reportViewsEndpoints } from '@portal/contracts/endpoints/report-views.ts';
import type { ReportScheduleBody, SavedViewBody } from '@portal/contracts/report-views.ts';
import type { ReportKind } from '@portal/contracts/reports-kinds.ts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint.ts';
import { nextPaint } from '@/lib/use-after-paint.ts';

const VIEWS = ['report-views'];
const SCHEDULES = ['report-schedules'];

/** The query of GET /v1/report/views?kind= (own and shared in the organisation), asked when `enabled`. */
export function savedViewsQuery(kind: ReportKind, enabled = true) {
  return queryOptions({
    queryKey: [...VIEWS, kind],
    // the views menu: asked for once the report has been painted (nextPaint)
    queryFn: async () => {
      await nextPaint();
      return (await callEndpoint(reportViewsEndpoints.list, { query: { kind } })).list;
    },
    enabled,
    retry: false,
  });
}

/** GET /v1/report/views?kind= (own and shared in the organisation). */
export function useSavedViews(kind: ReportKind, enabled = true) {
  return useQuery(savedViewsQuery(kind, enabled));
}

/** POST /v1/report/views. */
export function useSaveView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SavedViewBody) => callEndpoint(reportViewsEndpoints.create, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: VIEWS }),
  });
}

/** DELETE /v1/report/views/:id (own views). */
export function useDeleteView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(reportViewsEndpoints.remove, { params: { id } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: VIEWS });
      void client.invalidateQueries({ queryKey: SCHEDULES });
    },
  });
}

/** GET /v1/report/schedules (the caller's). */
export function useSchedules() {
  return useQuery({
    queryKey: SCHEDULES,
    queryFn: async () => (await callEndpoint(reportViewsEndpoints.schedules)).list,
  });
}

/** GET /v1/report/schedules/recipients: the organisation's members' e-mails. */
export function useRecipients() {
  return useQuery({
    queryKey: [...SCHEDULES, 'recipients'],
    queryFn: async () => (await callEndpoint(reportViewsEndpoints.recipients)).list,
  });
}

/** POST /v1/report/schedules, or PUT /v1/report/schedules/:id with `id`. */
export function useSaveSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ReportScheduleBody }) =>
      id
        ? callEndpoint(reportViewsEndpoints.updateSchedule, { params: { id }, body })
        : callEndpoint(reportViewsEndpoints.createSchedule, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: SCHEDULES }),
  });
}

/** POST /v1/report/schedules/:id/send_now: one extra send, queued now. */
export function useSendNow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(reportViewsEndpoints.sendScheduleNow, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: SCHEDULES }),
  });
}

/** DELETE /v1/report/schedules/:id. */
export function useDeleteSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(reportViewsEndpoints.removeSchedule, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: SCHEDULES }),
  });
}

/** Operations endpoints (contracts apps.ts "Operations"): the review queue and the to-do outbox. */
import type { ReviewQueue, TodoItem } from '@portal/contracts/apps.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

/** `GET /v1/ops/review`: apps and ad slots under review. */
export function useReviewQueue(enabled: boolean) {
  return useQuery({
    queryKey: ['apps', 'review'],
    queryFn: () => request<ReviewQueue>('/v1/ops/review'),
    enabled,
  });
}

/** `GET /v1/ops/todo`: undelivered to-do notifications, newest first. */
export function useTodoList(enabled: boolean) {
  return useQuery({
    queryKey: ['apps', 'todo'],
    queryFn: () =>
      request<{ list: TodoItem[]; total: number }>('/v1/ops/todo', { query: { page_size: 100 } }),
    enabled,
  });
}

/**
 * Approves (2) or rejects (4, with the reason the publisher is told) an app or ad slot under review
 * through its status endpoint.
 */
export function useDecide() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (d: { entity: 'app' | 'adpos'; id: number; audit_status: 2 | 4; reason?: string }) =>
      request(d.entity === 'app' ? '/v1/app/status' : '/v1/adpos/status', {
        method: 'PUT',
        body: { id: d.id, audit_status: d.audit_status, reason: d.reason },
      }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['apps'] }),
        client.invalidateQueries({ queryKey: ['adpos'] }),
      ]),
  });
}

/** Operations endpoints (contracts apps.ts "Operations"): the review queue and the to-do outbox. */
import { appsEndpoints } from '@portal/contracts/endpoints/apps.ts';
import { opsEndpoints } from '@portal/contracts/endpoints/ops.ts';
import { placementsEndpoints } from '@portal/contracts/endpoints/placements.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint.ts';

/** `GET /v1/ops/review`: apps and ad slots under review. */
export function useReviewQueue(enabled: boolean) {
  return useQuery({
    queryKey: ['apps', 'review'],
    queryFn: () => callEndpoint(opsEndpoints.review),
    enabled,
  });
}

/** `GET /v1/ops/todo`: undelivered to-do notifications, newest first. */
export function useTodoList(enabled: boolean) {
  return useQuery({
    queryKey: ['apps', 'todo'],
    queryFn: () => callEndpoint(opsEndpoints.todo, { query: { page_size: 100 } }),
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
    mutationFn: async (d: { entity: 'app' | 'adpos'; id: number; audit_status: 2 | 4; reason?: string }) => {
      const body = { id: d.id, audit_status: d.audit_status, reason: d.reason };
      if (d.entity === 'app') await callEndpoint(appsEndpoints.setStatus, { body });
      else await callEndpoint(placementsEndpoints.setStatus, { body });
    },
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['apps'] }),
        client.invalidateQueries({ queryKey: ['placements'] }),
      ]),
  });
}

/** Ad slot endpoints (spec §7 Ad slots; contracts placements.ts): one hook or function per endpoint. */

import type { AppOption, StatusBody } from '@portal/contracts/apps.ts';
import type { IntegrationData } from '@portal/contracts/integration.ts';
import type {
  AdStyleInfo,
  PlacementCreateBody,
  PlacementItem,
  PlacementListData,
} from '@portal/contracts/placements.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

export type PlacementQuery = {
  page_no: number;
  page_size: number;
  adpos_id?: number;
  adpos_name?: string;
  app_name?: string;
  ad_style?: number;
  audit_status?: number;
};

/** `GET /v1/adpos`: one page. */
export function usePlacementList(query: PlacementQuery) {
  return useQuery({
    queryKey: ['adpos', 'list', query],
    queryFn: () => request<PlacementListData>('/v1/adpos', { query }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /v1/adpos/type` for SDK publishers: styles and their content types. */
export function useAdStyles() {
  return useQuery({
    queryKey: ['adpos', 'type', 1],
    queryFn: () => request<AdStyleInfo[]>('/v1/adpos/type', { query: { publisher_type: 1 } }),
    staleTime: 3600_000,
  });
}

/** `GET /v1/app/list`: the app options. */
export function useAppChoices() {
  return useQuery({ queryKey: ['apps', 'options'], queryFn: () => request<AppOption[]>('/v1/app/list') });
}

/** `GET /v1/adpos/name_exist` within the app (`adpos_id` when editing). */
export async function placementNameExists(
  app_id: number,
  adpos_name: string,
  adpos_id?: number,
): Promise<boolean> {
  return (
    await request<{ exist: boolean }>('/v1/adpos/name_exist', { query: { app_id, adpos_name, adpos_id } })
  ).exist;
}

function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['adpos'] }),
      client.invalidateQueries({ queryKey: ['apps'] }),
    ]);
}

/** `POST /v1/adpos`, or `PUT /v1/adpos` when `adpos_id` is set. */
export function useSavePlacement() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: PlacementCreateBody & { adpos_id?: number }) =>
      request<PlacementItem>('/v1/adpos', { method: body.adpos_id === undefined ? 'POST' : 'PUT', body }),
    onSuccess: invalidate,
  });
}

/** `PUT /v1/adpos/status` (`id` = adpos_id). */
export function usePlacementStatus() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: StatusBody) => request<PlacementItem>('/v1/adpos/status', { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

/** `GET /v1/adpos/integration`: the integration panel of ad slot `placementId` (null: nothing asked). */
export function usePlacementIntegration(placementId: number | null) {
  return useQuery({
    queryKey: ['adpos', 'integration', placementId],
    queryFn: () => request<IntegrationData>('/v1/adpos/integration', { query: { adpos_id: placementId } }),
    enabled: placementId !== null,
  });
}

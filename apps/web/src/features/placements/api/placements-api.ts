/** Ad slot endpoints (spec §7 Ad slots; contracts placements.ts): one hook or function per endpoint. */

import type { StatusBody } from '@portal/contracts/apps.ts';
import { appsEndpoints } from '@portal/contracts/endpoints/apps.ts';
import { placementsEndpoints } from '@portal/contracts/endpoints/placements.ts';
import type { PlacementCreateBody } from '@portal/contracts/placements.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint.ts';

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
    queryKey: ['placements', 'list', query],
    queryFn: () => callEndpoint(placementsEndpoints.list, { query }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /v1/adpos/type` for SDK publishers: styles and their content types. */
export function useAdStyles() {
  return useQuery({
    queryKey: ['placements', 'type', 1],
    queryFn: () => callEndpoint(placementsEndpoints.types, { query: { publisher_type: 1 } }),
    staleTime: 3600_000,
  });
}

/** `GET /v1/app/list`: the app options. */
export function useAppChoices() {
  return useQuery({ queryKey: ['apps', 'options'], queryFn: () => callEndpoint(appsEndpoints.options) });
}

/** `GET /v1/adpos/name_exist` within the app (`adpos_id` when editing). */
export async function placementNameExists(
  app_id: number,
  adpos_name: string,
  adpos_id?: number,
): Promise<boolean> {
  return (await callEndpoint(placementsEndpoints.nameExists, { query: { app_id, adpos_name, adpos_id } }))
    .exist;
}

function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['placements'] }),
      client.invalidateQueries({ queryKey: ['apps'] }),
    ]);
}

/** `POST /v1/adpos`, or `PUT /v1/adpos` when `adpos_id` is set. */
export function useSavePlacement() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ adpos_id, ...body }: PlacementCreateBody & { adpos_id?: number }) =>
      adpos_id === undefined
        ? callEndpoint(placementsEndpoints.create, { body })
        : callEndpoint(placementsEndpoints.update, { body: { ...body, adpos_id } }),
    onSuccess: invalidate,
  });
}

/** `PUT /v1/adpos/status` (`id` = adpos_id). */
export function usePlacementStatus() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: StatusBody) => callEndpoint(placementsEndpoints.setStatus, { body }),
    onSuccess: invalidate,
  });
}

/** `GET /v1/adpos/integration`: the integration panel of ad slot `placementId` (null: nothing asked). */
export function usePlacementIntegration(placementId: number | null) {
  return useQuery({
    queryKey: ['placements', 'integration', placementId],
    queryFn: () => callEndpoint(placementsEndpoints.integration, { query: { adpos_id: placementId ?? 0 } }),
    enabled: placementId !== null,
  });
}

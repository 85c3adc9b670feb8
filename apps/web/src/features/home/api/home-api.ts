/** `GET /v1/home` (contracts home.ts): the signed-in publisher's earnings, top apps and checklist. */
import { homeEndpoints } from '@portal/contracts/endpoints/home.ts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint.ts';

export function useHome(enabled: boolean) {
  return useQuery({ queryKey: ['home'], queryFn: () => callEndpoint(homeEndpoints.overview), enabled });
}

/** `GET /v1/home` (contracts home.ts): the signed-in publisher's earnings, top apps and checklist. */
import type { HomeData } from '@portal/contracts/home.ts';
import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

export function useHome(enabled: boolean) {
  return useQuery({ queryKey: ['home'], queryFn: () => request<HomeData>('/v1/home'), enabled });
}

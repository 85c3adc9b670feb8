/** GET /api/v1/user/menu → MenuItem[] (the caller's menu tree). */
import type { MenuItem } from '@portal/contracts/account.ts';
import { accountEndpoints } from '@portal/contracts/endpoints/account.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint.ts';

/** Fetches the signed-in user's menu. */
export function fetchMenu(): Promise<MenuItem[]> {
  return callEndpoint(accountEndpoints.menu);
}

/** The menu query's options (also started by main.tsx before the first render), enabled while a token exists. */
export function menuQuery(token: string | null) {
  return queryOptions({
    queryKey: ['menu', token],
    queryFn: fetchMenu,
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** The menu query, enabled while a token exists. */
export function useMenu(token: string | null) {
  return useQuery(menuQuery(token));
}

/** GET /api/v1/user/user_info → code 200, data[0] (spec §3 User info). */
import type { UserInfo } from '@portal/contracts/account.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

/** Fetches the signed-in user's info; with `token`, that session's instead of the stored one. */
export async function fetchUserInfo(token?: string): Promise<UserInfo> {
  const data = await request<UserInfo[] | UserInfo>('/api/v1/user/user_info', token ? { token } : {});
  const info = Array.isArray(data) ? data[0] : data;
  if (!info) throw new Error('user_info answered no user');
  return info;
}

/** The user info query's options (also started by main.tsx before the first render), enabled while a token exists. */
export function userInfoQuery(token: string | null) {
  return queryOptions({
    queryKey: ['user_info', token],
    queryFn: () => fetchUserInfo(token ?? undefined),
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** The user info query, enabled while a token exists. */
export function useUserInfo(token: string | null) {
  return useQuery(userInfoQuery(token));
}

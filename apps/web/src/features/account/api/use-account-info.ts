/** GET /api/v1/user/user_info (code 200, data[0]) for the account info screen, always fresh. */
import type { UserInfo } from '@portal/contracts/account.ts';
import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

/** Fetches the signed-in user's info. */
export async function fetchAccountInfo(): Promise<UserInfo> {
  const data = await request<UserInfo[] | UserInfo>('/api/v1/user/user_info');
  const info = Array.isArray(data) ? data[0] : data;
  if (!info) throw new Error('user_info answered no user');
  return info;
}

/** The account's info under the current token (shares the shell's cache key). */
export function useAccountInfo(token: string | null) {
  return useQuery({
    queryKey: ['user_info', token],
    queryFn: fetchAccountInfo,
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

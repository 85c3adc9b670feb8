/** GET /api/v1/user/user_info → code 200, data[0] (spec §3 User info). */
import type { UserInfo } from '@portal/contracts/account.ts';
import { accountEndpoints } from '@portal/contracts/endpoints/account.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, callEndpoint } from '@/lib/call-endpoint.ts';
import { getToken, setUserInfo } from '@/lib/session.ts';

/** Fetches the signed-in user's info; with `token`, that session's instead of the stored one. */
export async function fetchAccountInfo(token?: string): Promise<UserInfo> {
  const options: CallOptions = token ? { token } : {};
  // the contract answers a one-element list (spec §3: data[0])
  const [info] = await callEndpoint(accountEndpoints.userInfo, {}, options);
  if (!info) throw new Error('user_info answered no user');
  return info;
}

/**
 * The user info query's options (also started by main.tsx before the first render), enabled while a
 * token exists. The answer goes into the session as it arrives, before any screen renders with it, so
 * what a screen computes from the session on its first render (a report's default range on the user's
 * clock) is what a prefetch computed once the answer was in (issue 26 item 1).
 */
export function accountInfoQuery(token: string | null) {
  return queryOptions({
    queryKey: ['user_info', token],
    queryFn: async () => {
      const info = await fetchAccountInfo(token ?? undefined);
      // Only the session in force: an answer for a token signed out meanwhile is not kept.
      if (token && token === getToken()) setUserInfo(info);
      return info;
    },
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** The user info query, enabled while a token exists. */
export function useAccountInfo(token: string | null) {
  return useQuery(accountInfoQuery(token));
}

/**
 * Loads the signed-in user's info and menu and provides the permitted paths (spec §2: routes are
 * built from the user's permissions after sign-in). Clears the query cache when the session ends.
 */

import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { accountInfoQuery, useAccountInfo } from '@/features/account/api/use-account-info.ts';
import { menuQuery, useMenu } from '@/features/account/api/use-menu.ts';
import { menuInForce, permittedPaths } from '@/lib/access.ts';
import { type Access, AccessContext } from '@/lib/access-context.ts';
import { dropEarlyRequests } from '@/lib/early-requests.ts';
import { setCompanyStatus, setUserInfo } from '@/lib/session.ts';
import { useSession } from '@/lib/use-session.ts';

/**
 * Starts the user info and the menu of a stored session's `token` before the first render, so they
 * travel beside the landing screen's chunks (issue 11); the provider's queries find them in flight.
 * Errors stay with the queries (shown by the request client when they answer). Once both have settled,
 * early answers the landing page left untaken are dropped. Returns a promise that
 * settles (never rejects) once the user info has answered, by then in the session (accountInfoQuery).
 */
export function prefetchAccess(client: QueryClient, token: string): Promise<void> {
  const menu = client.prefetchQuery(menuQuery(token));
  const userInfo = client.prefetchQuery(accountInfoQuery(token));
  // the landing page's early answers are for these two requests only (lib/early-requests.ts)
  void Promise.all([menu, userInfo]).then(dropEarlyRequests);
  return userInfo;
}

/**
 * Settles (never rejects) once both the user info and the menu of `token` have answered or failed:
 * what {@link AccessProvider} waits for before a signed-in screen can render. Shares the requests
 * {@link prefetchAccess} started (a query in flight is not asked again).
 */
export function accessSettled(client: QueryClient, token: string): Promise<void> {
  return Promise.all([
    client.prefetchQuery(menuQuery(token)),
    client.prefetchQuery(accountInfoQuery(token)),
  ]).then(() => undefined);
}

/** Provides {@link Access} to the tree. */
export function AccessProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const token = session.token;
  const queryClient = useQueryClient();
  const userInfo = useAccountInfo(token);
  const menu = useMenu(token);
  const hadToken = useRef(Boolean(token));

  useEffect(() => {
    if (userInfo.data && JSON.stringify(userInfo.data) !== JSON.stringify(session.userInfo)) {
      setUserInfo(userInfo.data);
    }
    // An approved application (3 → 1) shows on the next user_info, not only at the next login.
    if (userInfo.data && userInfo.data.company_status !== session.companyStatus) {
      setCompanyStatus(userInfo.data.company_status);
    }
  }, [userInfo.data, session.userInfo, session.companyStatus]);

  useEffect(() => {
    if (hadToken.current && !token) queryClient.clear();
    hadToken.current = Boolean(token);
  }, [token, queryClient]);

  const user = userInfo.data ?? session.userInfo;
  const value = useMemo<Access>(() => {
    const tree = token ? menuInForce(menu.data, user) : [];
    return {
      menu: tree,
      permitted: permittedPaths(tree),
      loading: Boolean(token) && (menu.isPending || (!user && userInfo.isPending)),
    };
  }, [token, menu.data, menu.isPending, user, userInfo.isPending]);

  return <AccessContext.Provider value={value}>{children}</AccessContext.Provider>;
}

/** Route guards of spec §2. */
import { lazy } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ContentSkeleton } from '@/components/content-skeleton.tsx';
import { useAccess } from '@/lib/access-context.ts';
import { findEntry } from '@/lib/route-table.ts';
import { useSession } from '@/lib/use-session.ts';

// Its own chunk: antd's Result (~34 KB of the entry with its status pictures) is not needed for
// /login or any permitted screen's first paint (issue 26 item 4).
const NoPermissionPage = lazy(() =>
  import('./pages/no-permission-page.tsx').then((m) => ({ default: m.NoPermissionPage })),
);

/** Without a token, sends the visitor to /login?redirect=<path>; waits for the permissions otherwise. */
export function RequireAuth() {
  const { token } = useSession();
  const { loading } = useAccess();
  const location = useLocation();
  if (!token) {
    const redirect = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`/login?redirect=${redirect}`} replace />;
  }
  if (loading) return <ContentSkeleton />;
  return <Outlet />;
}

/** A path matching no permitted route: a known screen shows the no-permission warning, else /404. */
export function NoMatch() {
  const { pathname } = useLocation();
  if (findEntry(pathname)) return <NoPermissionPage />;
  return <Navigate to="/404" replace />;
}

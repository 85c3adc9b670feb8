/**
 * Screens of the permission-built routes (spec §2), lazily loaded so /login stays small. A screen may
 * have a prefetcher: a small module whose `prefetch(client)` starts the screen's first requests; it is
 * loaded apart from the screen (no table or form code in it), so {@link preloadScreen} starts those
 * requests while the user info, the menu and the screen's own chunks are still loading (issue 11:
 * first rows beside them, not after).
 */
import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type Page = LazyExoticComponent<ComponentType>;
type Loader = () => Promise<{ default: ComponentType }>;
type Prefetcher = () => Promise<{ prefetch: (client: QueryClient) => void }>;

/** The module of each permission-built path (one `import()` per screen, shared by lazy and preload). */
const loaders: Record<string, Loader> = {
  '/report/sdk': () => import('../features/reports/pages/sdk-report-page.tsx'),
  '/report/rtb': () => import('../features/reports/pages/rtb-report-page.tsx'),
  '/report/newreport': () => import('../features/reports/pages/affiliate-report-page.tsx'),
  '/report/reportv2': () => import('../features/reports/pages/new-affiliate-report-page.tsx'),
  '/report/game': () => import('../features/reports/pages/game-report-page.tsx'),
  '/report/schedules': () => import('../features/reports/pages/report-schedules-page.tsx'),
  '/appReport/list': () => import('../features/reports/pages/app-report-page.tsx'),
  '/account/index': () => import('../features/account/pages/account-info-page.tsx'),
  '/account/modPassword': () => import('../features/account/pages/mod-password-page.tsx'),
  '/users': () => import('../features/users/pages/users-page.tsx'),
  '/roles': () => import('../features/users/pages/roles-page.tsx'),
  '/apps/list': () => import('../features/apps/pages/apps-list-page.tsx'),
  '/adpos/list': () => import('../features/adslots/pages/adslots-list-page.tsx'),
  '/account/security': () => import('../features/account/pages/security-page.tsx'),
  '/account/apiKeys': () => import('../features/api-keys/pages/api-keys-page.tsx'),
  '/account/audit': () => import('../features/audit/pages/audit-page.tsx'),
};

/** The prefetcher of the screens that have one. */
const prefetchers: Record<string, Prefetcher> = {
  '/report/sdk': () => import('../features/reports/api/prefetch-sdk-report.ts'),
};

const ReportComingSoonPage = lazy(() => import('../features/reports/pages/report-coming-soon-page.tsx'));

/** The screen of each permission-built path; paths not listed get the coming-soon screen. */
export const screenByPath: Record<string, Page> = Object.fromEntries(
  Object.entries(loaders).map(([path, load]) => [path, lazy(load)]),
);

/** The screen for `path`. */
export function screenFor(path: string): Page {
  return screenByPath[path] ?? ReportComingSoonPage;
}

/**
 * Starts loading the screen of `pathname` (its chunks, and apart from them its prefetcher's requests)
 * before the routes exist, i.e. before the menu says the path is permitted. Harmless when it is not:
 * the server scopes every request, and the screen is simply never shown. A failed chunk is left to
 * the screen's own lazy load, which asks again and shows the error.
 */
export function preloadScreen(pathname: string, client: QueryClient): void {
  const ignore = () => undefined;
  loaders[pathname]?.().catch(ignore);
  prefetchers[pathname]?.().then((m) => m.prefetch(client), ignore);
}

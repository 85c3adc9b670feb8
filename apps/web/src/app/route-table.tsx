/**
 * Screens of the route table (lib/route-table.ts), lazily loaded so /login stays small. The table
 * names each screen's module under src/features/; this resolves the names through Vite's
 * `import.meta.glob`, one `import()` per screen shared by lazy and preload. A screen may have a
 * prefetcher: a small module whose `prefetch(client, userInfoKnown)` starts the screen's first requests
 * (those that depend on the user, e.g. a report's default range on the user's clock, once the user
 * info is in the session: `userInfoKnown` settles then, issue 26 item 1); it is loaded
 * apart from the screen (no table or form code in it), so {@link preloadScreen} starts those requests
 * while the user info, the menu and the screen's own chunks are still loading (issue 11: first rows
 * beside them, not after).
 */
import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy } from 'react';
import { lazyWithPreload } from 'react-lazy-with-preload';
import { routeTable } from '@/lib/route-table.ts';

type Page = ComponentType;
type Loader = () => Promise<{ default: ComponentType }>;
/** A screen's first requests into `client`; `userInfoKnown` settles once the session holds the user info. */
export type Prefetch = (client: QueryClient, userInfoKnown: Promise<unknown>) => void;
type Prefetcher = () => Promise<{ prefetch: Prefetch }>;

/** Every page and prefetch module of the features, by path relative to this file (not loaded yet). */
const pageModules = import.meta.glob<{ default: ComponentType }>('../features/*/pages/*-page.tsx');
const prefetchModules = import.meta.glob<{ prefetch: Prefetch }>('../features/*/api/prefetch-*.ts');

/** The module of each table path (screens the table names but no file holds are left out, see the test). */
export const loaders: Record<string, Loader> = Object.fromEntries(
  routeTable.flatMap((e) => {
    const load = pageModules[`../features/${e.screen}.tsx`];
    return load ? [[e.path, load]] : [];
  }),
);

/** The prefetcher of the screens that name one. */
const prefetchers: Record<string, Prefetcher> = Object.fromEntries(
  routeTable.flatMap((e) => {
    const load = e.prefetch ? prefetchModules[`../features/${e.prefetch}.ts`] : undefined;
    return load ? [[e.path, load]] : [];
  }),
);

const ReportComingSoonPage = lazy(() => import('@/features/reports/pages/report-coming-soon-page.tsx'));

/**
 * Each table path's screen, with its preload: a screen whose module {@link preloadScreen} has loaded
 * renders in the first pass that meets it. React's own lazy suspends on an already loaded module,
 * commits the fallback and renders the screen a pass later: on a cold /report/sdk one more commit
 * of the frame before the report's render (bench/web-trace.ts, issue 26 item 1).
 */
const screens = Object.fromEntries(
  Object.entries(loaders).map(([path, load]) => [path, lazyWithPreload(load)]),
);

/** The screen of each table path; paths not listed get the coming-soon screen. */
export const screenByPath: Record<string, Page> = Object.fromEntries(Object.entries(screens));

/** The screen for `path`. */
export function screenFor(path: string): Page {
  return screenByPath[path] ?? ReportComingSoonPage;
}

/** Whether the table's prefetcher of `path` resolved to a module (tests). */
export function hasPrefetcher(path: string): boolean {
  return path in prefetchers;
}

/**
 * Starts loading the screen of `pathname` (its chunks, and apart from them its prefetcher's requests)
 * before the routes exist, i.e. before the menu says the path is permitted. Harmless when it is not:
 * the server scopes every request, and the screen is simply never shown. A failed chunk is left to
 * the screen's own lazy load, which asks again and shows the error.
 */
export function preloadScreen(pathname: string, client: QueryClient, userInfoKnown: Promise<unknown>): void {
  const ignore = () => undefined;
  screens[pathname]?.preload().catch(ignore);
  prefetchers[pathname]?.().then((m) => m.prefetch(client, userInfoKnown), ignore);
}

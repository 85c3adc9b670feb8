/**
 * Lets non-React code (the request client) navigate through the router. Until the router has
 * registered its navigate function (it mounts inside `<Suspense>`, after the first route chunk loads),
 * the last request is kept and carried out on registration — never a full page load, which would
 * lose the toast and state of a forced logout (issue 14 item 1).
 */
type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let navigateImpl: Navigate | null = null;
let routerPath: string | null = null;
let pending: { to: string; opts?: { replace?: boolean } } | null = null;

/** Registers the router's navigate function (called by the app shell) and runs a pending navigation. */
export function setNavigate(fn: Navigate): void {
  navigateImpl = fn;
  if (pending) {
    const { to, opts } = pending;
    pending = null;
    fn(to, opts);
  }
}

/** Forgets `fn` when it is still the registered one (the router unmounted). */
export function unsetNavigate(fn: Navigate): void {
  if (navigateImpl !== fn) return;
  navigateImpl = null;
  routerPath = null;
}

/** Navigates through the router, or once the router exists. */
export function navigate(to: string, opts?: { replace?: boolean }): void {
  if (navigateImpl) navigateImpl(to, opts);
  else pending = { to, opts };
}

/** Whether a navigation waits for the router (tests). */
export function hasPendingNavigation(): boolean {
  return pending !== null;
}

/** Records the router's current path and query (called by the app shell on every location change). */
export function setCurrentPath(path: string): void {
  routerPath = path;
}

/** The page shown now (path and query): the router's, or the browser's before the router mounts. */
export function currentPath(): string {
  return routerPath ?? `${window.location.pathname}${window.location.search}`;
}

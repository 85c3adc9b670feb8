/** Lets non-React code (the request client) navigate through the router once it is mounted. */
type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let navigateImpl: Navigate = (to) => window.location.assign(to);

/** Registers the router's navigate function (called by the app shell). */
export function setNavigate(fn: Navigate): void {
  navigateImpl = fn;
}

/** Navigates through the router, or the browser before the router exists. */
export function navigate(to: string, opts?: { replace?: boolean }): void {
  navigateImpl(to, opts);
}

/**
 * Requests a landing page starts before the app's entry has run (issue 26 item 1). The page's early
 * script (apps/web/early-access.ts, a few hundred bytes run as soon as the HTML is parsed) sends the
 * user info and the menu of the session in force while the entry, ~270 KB gzip, is still fetched and
 * run: on a cold /report/sdk they left only once the entry had run, and the report's list waits for the
 * user info (its time zone and saved default view). The request client takes each answer once, when it
 * asks the same path with the same token and `Accept-Language` (lib/request.ts); anything else is sent
 * anew, so a foreign answer is never used. Once the app's own first access requests have settled, the
 * rest are dropped ({@link dropEarlyRequests}), so a later request (a refetch) never gets a stale one.
 */

/** The global the early script leaves its requests in (a property of `window`). */
export const EARLY_GLOBAL = '__portalEarlyRequests';

/** What the early script started: each path's answer, all sent with `token` and `language`. */
export type EarlyRequests = {
  token: string;
  /** The `Accept-Language` header sent. */
  language: string;
  answers: Record<string, Promise<Response>>;
};

function earlyRequests(): EarlyRequests | undefined {
  return (window as unknown as Record<string, EarlyRequests | undefined>)[EARLY_GLOBAL];
}

/**
 * The early answer of a GET of `path` (no query) sent with `token` and `language`, taken at most once;
 * undefined when none was started or it was sent otherwise.
 */
export function takeEarlyRequest(
  path: string,
  token: string | null,
  language: string,
): Promise<Response> | undefined {
  const early = earlyRequests();
  const answer = early?.answers[path];
  if (!early || !answer || early.token !== token || early.language !== language) return undefined;
  delete early.answers[path];
  return answer;
}

/**
 * Drops the early answers not taken: the app's start-up is over (app/access-provider.tsx). The global
 * stays, empty, as the trace that the early script ran (e2e/one-list-request.e2e.ts).
 */
export function dropEarlyRequests(): void {
  const early = earlyRequests();
  if (early) early.answers = {};
}

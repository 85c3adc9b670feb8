/**
 * The landing pages' early script (issue 26 item 1; the app's side is src/lib/early-requests.ts). A
 * landing page names it, deferred, before the app's entry, so it runs as soon as the HTML is parsed
 * and its few hundred bytes have arrived, while the entry (~270 KB gzip) is still fetched and run. It
 * sends the user info and the menu of the session in force (the spec §2 `?t=` token, else the token
 * cookie) with the stored language's `Accept-Language`, and leaves the answers in a global where the
 * request client takes them. No session: it sends nothing. A plain deferred file, not an inline script,
 * so the page keeps the CSP's `script-src 'self'`; and not a module of the app's bundle, whose shared
 * modules would tie it to the entry's chunk.
 */
import { accountEndpoints } from '../../packages/contracts/src/endpoints/account.ts';
import { getCookie } from './src/lib/cookie.ts';
import { EARLY_GLOBAL } from './src/lib/early-requests.ts';
import { ACCEPT_LANGUAGE, StorageKey, TOKEN_COOKIE } from './src/lib/storage-keys.ts';

/** What the script is built with: where it leaves its answers, what it reads, what it asks. */
export type EarlyAccessConfig = {
  global: string;
  cookie: string;
  languageKey: string;
  /** `Accept-Language` by stored language (`en`; anything else is Chinese). */
  languages: { zh: string; en: string };
  paths: string[];
};

/**
 * The script's body, run in the browser with `config` and the app's own cookie reader (both serialised
 * by {@link earlyAccessScript}: it may use nothing else from this module). Any failure (storage
 * refused, a malformed cookie) leaves the requests to the app.
 */
function earlyAccess(config: EarlyAccessConfig, readCookie: typeof getCookie): void {
  try {
    const token = new URLSearchParams(window.location.search).get('t') || readCookie(config.cookie);
    if (!token) return;
    const language =
      window.localStorage.getItem(config.languageKey) === 'en' ? config.languages.en : config.languages.zh;
    const answers: Record<string, Promise<Response>> = {};
    for (const path of config.paths)
      answers[path] = fetch(path, {
        headers: { Accept: 'application/json', 'Accept-Language': language, token },
      });
    (window as unknown as Record<string, unknown>)[config.global] = { token, language, answers };
  } catch {
    // the app sends them itself
  }
}

/** The script's configuration: the user info and the menu, as the app asks them at start. */
export const EARLY_ACCESS: EarlyAccessConfig = {
  global: EARLY_GLOBAL,
  cookie: TOKEN_COOKIE,
  languageKey: StorageKey.language,
  languages: ACCEPT_LANGUAGE,
  paths: [accountEndpoints.userInfo.path, accountEndpoints.menu.path],
};

/** The script's source: {@link earlyAccess} called with `config` and src/lib/cookie.ts `getCookie`. */
export function earlyAccessScript(config: EarlyAccessConfig = EARLY_ACCESS): string {
  return `(${earlyAccess.toString()})(${JSON.stringify(config)}, ${getCookie.toString()});\n`;
}

/**
 * The browser session (spec §4 Login, api-contract §6): the token cookie, the cached user info and
 * company status in localStorage. A tiny external store so React re-renders on sign-in and sign-out.
 */

import type { UserInfo } from '@portal/contracts/account.ts';
import { SESSION_TTL_MS } from '@portal/contracts/constants.ts';
import { deleteCookie, getCookie, setCookie } from './cookie.ts';
import { StorageKey, TOKEN_COOKIE } from './storage-keys.ts';

export type Session = { token: string | null; userInfo: UserInfo | null; companyStatus: number | null };

const listeners = new Set<() => void>();
let snapshot: Session = read();

function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function read(): Session {
  const status = localStorage.getItem(StorageKey.companyStatus);
  return {
    token: getCookie(TOKEN_COOKIE),
    userInfo: readJson<UserInfo>(StorageKey.userInfo),
    companyStatus: status === null ? null : Number(status),
  };
}

function emit(): void {
  snapshot = read();
  for (const l of listeners) l();
}

/** Subscribes to session changes (useSyncExternalStore). */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current session snapshot (stable between changes). */
export function getSession(): Session {
  return snapshot;
}

/** The token for the `token` header, read fresh from the cookie. */
export function getToken(): string | null {
  return getCookie(TOKEN_COOKIE);
}

/** Stores the token cookie for 7 days (spec §9). */
export function setToken(token: string): void {
  setCookie(TOKEN_COOKIE, token, SESSION_TTL_MS);
  emit();
}

/** Stores the login answer's company status. */
export function setCompanyStatus(status: number): void {
  localStorage.setItem(StorageKey.companyStatus, String(status));
  emit();
}

/** Caches the signed-in user's info. */
export function setUserInfo(info: UserInfo): void {
  localStorage.setItem(StorageKey.userInfo, JSON.stringify(info));
  emit();
}

/**
 * Logs out locally: clears userInfo, company_status and the token (spec §4, §8). The remembered email
 * (`loginInfo`, "remember password") stays: api-contract §6 says remembering keeps the email.
 */
export function clearSession(): void {
  localStorage.removeItem(StorageKey.userInfo);
  localStorage.removeItem(StorageKey.companyStatus);
  deleteCookie(TOKEN_COOKIE);
  emit();
}

/** Re-reads storage (tests, or another tab). */
export function refreshSession(): void {
  emit();
}

/**
 * Spec §2: a token in query parameter `t` is stored as the login token and then removed from the URL.
 * Another session's cached user info and company status are dropped with the old token, so the page
 * (watermark, navbar) never shows the previous user while user_info loads (issue 14 item 7).
 * Returns true when a token was taken.
 */
export function consumeQueryToken(): boolean {
  const url = new URL(window.location.href);
  const t = url.searchParams.get('t');
  if (!t) return false;
  if (t !== getToken()) {
    localStorage.removeItem(StorageKey.userInfo);
    localStorage.removeItem(StorageKey.companyStatus);
  }
  setToken(t);
  url.searchParams.delete('t');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return true;
}

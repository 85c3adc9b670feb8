/** A tiny document.cookie helper: enough for the one `token` cookie. */

/** Reads a cookie value, or null when absent. */
export function getCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return null;
}

/** Writes a cookie for `maxAgeMs` on path `/`, SameSite=Strict (Secure when served over https). */
export function setCookie(name: string, value: string, maxAgeMs: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and missing in Firefox and jsdom
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; Max-Age=${Math.floor(
    maxAgeMs / 1000,
  )}; Path=/; SameSite=Strict${secure}`;
}

/** Deletes a cookie on path `/`. */
export function deleteCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see setCookie
  document.cookie = `${encodeURIComponent(name)}=; Max-Age=0; Path=/; SameSite=Strict`;
}

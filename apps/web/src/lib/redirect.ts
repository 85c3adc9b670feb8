/** Safe post-login redirects: only same-origin absolute paths (never `//host` or a URL). */
export function safeRedirect(value: string | null | undefined, fallback = '/home'): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (value.startsWith('/login')) return fallback;
  return value;
}

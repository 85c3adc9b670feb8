/** Utility validators of spec §5: email, password (8–30 with lower, upper, digit), URL. */

/** A pragmatic email shape: something@domain.tld, no spaces. */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** 8 to 30 characters with at least one lowercase, one uppercase and one digit (spec §5). */
export const PASSWORD_RE = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,30}$/;

/** Google Play apps prefix required when `is_online` is 1 (spec §5). */
export const GOOGLE_PLAY_PREFIX = 'https://play.google.com/store/apps/';

/** A generic http(s) URL. */
export const URL_RE = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

export function isEmail(v: string): boolean {
  return EMAIL_RE.test(v.trim());
}

export function isPassword(v: string): boolean {
  return PASSWORD_RE.test(v);
}

export function isUrl(v: string): boolean {
  return URL_RE.test(v);
}

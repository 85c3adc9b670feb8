/**
 * Character rules of text a client sends (issue 22 item 6, ASVS 5.0 V1.2/V2.2), shared by the server
 * and the web forms.
 *
 * - Every text, anywhere: no lone UTF-16 surrogate (`"x\ud800y"`); PostgreSQL cannot store one and
 *   would fail the request. The server's root guard (plugins/nul-guard.ts) refuses it like U+0000.
 * - Names (one-line labels people read: user, organisation, account, app, ad slot, API key, saved
 *   view): no C0 or C1 control character (U+0000–U+001F, U+007F–U+009F: CR/LF, tab, ANSI escapes)
 *   and no bidirectional override or isolate (U+202A–U+202E, U+2066–U+2069), which make a name
 *   render as something else. Multi-line texts (reasons, descriptions) are not names and keep line
 *   breaks. `cleanName(max)` is the zod type of every name field; a failure is a zod `custom` issue
 *   with `params.rule = 'clean_name'`, which the server's 604 answer words with `nameCharsText`.
 */
import { z } from 'zod';
import type { Lang } from './codes.ts';

/** C0 and C1 controls, DEL, and the bidi embedding/override (202A–202E) and isolate (2066–2069) marks. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
export const NAME_FORBIDDEN_RE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** With the `u` flag a surrogate class matches only a surrogate that is not half of a pair. */
const LONE_SURROGATE_RE = /[\ud800-\udfff]/u;

/** True when `s` holds a UTF-16 surrogate that is not part of a pair (not well-formed Unicode). */
export function hasLoneSurrogate(s: string): boolean {
  return LONE_SURROGATE_RE.test(s);
}

/** True when `s` may be stored as a name: no forbidden character and no lone surrogate. */
export function isCleanName(s: string): boolean {
  return !NAME_FORBIDDEN_RE.test(s) && !hasLoneSurrogate(s);
}

/** The zod issue `params.rule` of a name holding a forbidden character. */
export const CLEAN_NAME_RULE = 'clean_name';

/** The 604 field message of a name holding a forbidden character. */
export const nameCharsText: Record<Lang, string> = {
  zh: '不能包含换行、控制字符或文字方向控制符',
  en: 'Must not contain line breaks, control characters or text direction overrides',
};

/** The 604 field message of a text holding a lone surrogate. */
export const loneSurrogateText: Record<Lang, string> = {
  zh: '包含无效的 Unicode 字符（不成对的代理项）',
  en: 'Contains an invalid Unicode character (an unpaired surrogate)',
};

/** A trimmed name of 1..max characters under the name rule above. */
export function cleanName(max: number) {
  return z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine(isCleanName, { params: { rule: CLEAN_NAME_RULE } });
}

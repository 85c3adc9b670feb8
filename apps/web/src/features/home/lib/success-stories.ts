/**
 * Success stories of the home page come from configuration, not code: VITE_SUCCESS_STORIES at build
 * time, a JSON array of stories. None ship, so the section is hidden (spec §2: "Success-story content:
 * not shown") until an operator configures some. Each text is one string or { "zh": …, "en": … }:
 *
 *   [{ "title": { "zh": "某休闲游戏", "en": "A casual game" },
 *      "quote": { "zh": "…", "en": "…" },
 *      "metric": { "zh": "eCPM 提升 35%", "en": "eCPM up 35%" },
 *      "author": "Studio name" }]
 *
 * `title` and `quote` are required, `metric` and `author` optional; malformed entries are skipped.
 */
import type { Lang } from '@portal/contracts/codes.ts';

/** A text in one language for all, or per language. */
export type Localized = string | Partial<Record<Lang, string>>;

export type SuccessStory = { title: Localized; quote: Localized; metric?: Localized; author?: Localized };

function isLocalized(v: unknown): v is Localized {
  if (typeof v === 'string') return v.trim().length > 0;
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const texts = Object.values(v);
  return texts.length > 0 && texts.every((t) => typeof t === 'string');
}

function isStory(v: unknown): v is SuccessStory {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as Record<string, unknown>;
  return (
    isLocalized(s.title) &&
    isLocalized(s.quote) &&
    (s.metric === undefined || isLocalized(s.metric)) &&
    (s.author === undefined || isLocalized(s.author))
  );
}

/** The valid stories in `json` ([] when unset, not JSON or not an array). */
export function parseSuccessStories(json: string | undefined): SuccessStory[] {
  if (!json?.trim()) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter(isStory) : [];
  } catch {
    return [];
  }
}

/** The text of `v` in `lang`, else in the other language ('' when absent). */
export function localize(v: Localized | undefined, lang: Lang): string {
  if (v === undefined) return '';
  if (typeof v === 'string') return v;
  return v[lang] ?? v[lang === 'zh' ? 'en' : 'zh'] ?? '';
}

/** The stories configured for this build. */
export const configuredStories: SuccessStory[] = parseSuccessStories(import.meta.env.VITE_SUCCESS_STORIES);

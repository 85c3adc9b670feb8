/**
 * ISO 3166-1 countries for `GET /common/country` (spec §3 Country), names from i18n-iso-countries in
 * Chinese or English. Sorted by name in the language's collation (pinyin for Chinese).
 */
import { createRequire } from 'node:module';
import type { Lang } from '@portal/contracts/codes.ts';
import type { Country } from '@portal/contracts/reports.ts';
import countries from 'i18n-iso-countries';

const require = createRequire(import.meta.url);
countries.registerLocale(require('i18n-iso-countries/langs/en.json'));
countries.registerLocale(require('i18n-iso-countries/langs/zh.json'));

const cache = new Map<Lang, Country[]>();

/** Every alpha-2 country with its name in `lang`, sorted by name. */
export function countryList(lang: Lang): Country[] {
  const hit = cache.get(lang);
  if (hit) return hit;
  const collator = new Intl.Collator(lang === 'zh' ? 'zh-CN' : 'en');
  const names = countries.getNames(lang, { select: 'official' });
  const list = Object.entries(names)
    .map(([country_code, country_name]) => ({ country_code, country_name }))
    .sort(
      (a, b) =>
        collator.compare(a.country_name, b.country_name) || a.country_code.localeCompare(b.country_code),
    );
  cache.set(lang, list);
  return list;
}

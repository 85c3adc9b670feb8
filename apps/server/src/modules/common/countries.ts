/**
 * ISO 3166-1 countries for `GET /common/country` (spec §3 Country): the codes of i18n-iso-countries,
 * named by contracts `countryLabel` (the short common names the report cells and exports use too,
 * issue 25 item 10) in Chinese or English. Sorted by name in the language's collation (pinyin for
 * Chinese).
 */
import type { Lang } from '@portal/contracts/codes.ts';
import { countryLabel } from '@portal/contracts/report-labels.ts';
import type { Country } from '@portal/contracts/reports.ts';
import countries from 'i18n-iso-countries';

const cache = new Map<Lang, Country[]>();

/** Every alpha-2 country with its name in `lang`, sorted by name. */
export function countryList(lang: Lang): Country[] {
  const hit = cache.get(lang);
  if (hit) return hit;
  const collator = new Intl.Collator(lang === 'zh' ? 'zh-CN' : 'en');
  const list = Object.keys(countries.getAlpha2Codes())
    .map((country_code) => ({ country_code, country_name: countryLabel(country_code, lang) }))
    .sort(
      (a, b) =>
        collator.compare(a.country_name, b.country_name) || a.country_code.localeCompare(b.country_code),
    );
  cache.set(lang, list);
  return list;
}

/** GET /common/country → [{ country_code, country_name }], cached in sessionStorage per language (spec §3 Country). Shared by the report filters and the home page's audience section. */
import { catalogueEndpoints } from '@portal/contracts/endpoints/catalogue.ts';
import type { Country } from '@portal/contracts/reports.ts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from './call-endpoint.ts';
import { currentLang } from './i18n.ts';
import { countryCacheKey } from './storage-keys.ts';
import { nextPaint } from './use-after-paint.ts';

/** Country list of `lang`, from sessionStorage when cached there. */
export async function fetchCountries(lang: string): Promise<Country[]> {
  const key = countryCacheKey(lang);
  const cached = sessionStorage.getItem(key);
  if (cached) {
    try {
      return JSON.parse(cached) as Country[];
    } catch {
      sessionStorage.removeItem(key);
    }
  }
  const list = await callEndpoint(catalogueEndpoints.countries);
  sessionStorage.setItem(key, JSON.stringify(list));
  return list;
}

/** Countries in the current language. */
export function useCountries() {
  const lang = currentLang();
  return useQuery({
    queryKey: ['countries', lang],
    // options and names: asked for once the screen has been painted (nextPaint)
    queryFn: () => nextPaint().then(() => fetchCountries(lang)),
    staleTime: Infinity,
  });
}

/** GET /common/country → [{ country_code, country_name }], cached in sessionStorage per language. */
import type { Country } from '@portal/contracts/reports.ts';
import { useQuery } from '@tanstack/react-query';
import { currentLang } from '../../../lib/i18n.ts';
import { request } from '../../../lib/request.ts';
import { countryCacheKey } from '../../../lib/storage-keys.ts';

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
  const list = await request<Country[]>('/common/country');
  sessionStorage.setItem(key, JSON.stringify(list));
  return list;
}

/** Countries in the current language. */
export function useCountries() {
  const lang = currentLang();
  return useQuery({
    queryKey: ['countries', lang],
    queryFn: () => fetchCountries(lang),
    staleTime: Infinity,
  });
}

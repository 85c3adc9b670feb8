/** GET /common/country (public) for the audience section; shares the per-language sessionStorage cache. */
import type { Country } from '@portal/contracts/reports.ts';
import { useQuery } from '@tanstack/react-query';
import { currentLang } from '../../../lib/i18n.ts';
import { request } from '../../../lib/request.ts';
import { countryCacheKey } from '../../../lib/storage-keys.ts';

async function fetchCountries(lang: string): Promise<Country[]> {
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

/** The country list in the current language. */
export function useAudienceCountries() {
  const lang = currentLang();
  return useQuery({
    queryKey: ['countries', lang],
    queryFn: () => fetchCountries(lang),
    staleTime: Infinity,
  });
}

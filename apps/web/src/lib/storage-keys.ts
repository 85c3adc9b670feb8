/** Browser storage keys of spec §3 ("Local storage keys") and the token cookie of spec §4. */
export const StorageKey = {
  userInfo: 'userInfo',
  loginInfo: 'loginInfo',
  companyStatus: 'company_status',
  language: 'language',
  sdkReportColumns: 'sdkReportColumns',
  rtbReportColumns: 'rtbReportColumns',
  affiliteReportColumns: 'affiliteReportColumns',
  gameReportColumns: 'gameReportColumns',
} as const;

/**
 * The `Accept-Language` header sent for each language of the interface (api-contract §1), the stored
 * choice (`StorageKey.language`) being `en` or anything else for Chinese.
 */
export const ACCEPT_LANGUAGE = { zh: 'zh-CN', en: 'en' } as const;

/** Name of the cookie holding the session token (7 days; the server never reads it). */
export const TOKEN_COOKIE = 'token';

/** sessionStorage key of the country list cache, one per language. */
export function countryCacheKey(lang: string): string {
  return `countries:${lang}`;
}

/**
 * Display labels of coded report cells in both languages (issue 13 items 5–6): ad styles (spec §4
 * table, `AdStyle`), affiliate reject reasons (stored as their English text) and countries (ISO 3166-1
 * alpha-2, named by `Intl.DisplayNames`). One table for the web's cells and the server's XLSX export,
 * so both show the same words.
 */
import type { Lang } from './codes.ts';

type Both = { zh: string; en: string };

/** Ad style code → label (spec §4: 1 Banner, 2 Interstitial, 3 Native, 6 Rewarded Video). */
export const adStyleLabels: Record<number, Both> = {
  1: { zh: '横幅', en: 'Banner' },
  2: { zh: '插屏', en: 'Interstitial' },
  3: { zh: '原生', en: 'Native' },
  6: { zh: '激励视频', en: 'Rewarded Video' },
};

/** Report fields whose values are ad style codes (SDK `ad_style`, RTB `placement_type`, app report `ad_format`). */
export const adStyleFields: ReadonlySet<string> = new Set(['ad_style', 'placement_type', 'ad_format']);

/** Report fields whose values are ISO country codes. */
export const countryFields: ReadonlySet<string> = new Set(['geo', 'country', 'nation']);

/** Affiliate reject reason (as stored, English) → label; unknown reasons show as stored. */
export const rejectReasonLabels: Record<string, Both> = {
  'Duplicate install': { zh: '重复安装', en: 'Duplicate install' },
  'Click to install time too short': { zh: '点击到安装时间过短', en: 'Click to install time too short' },
  'Proxy or VPN traffic': { zh: '代理或 VPN 流量', en: 'Proxy or VPN traffic' },
  'Geo mismatch': { zh: '地区不符', en: 'Geo mismatch' },
  'Device ID blacklisted': { zh: '设备 ID 在黑名单中', en: 'Device ID blacklisted' },
  'Daily cap exceeded': { zh: '超出每日上限', en: 'Daily cap exceeded' },
  'Bot traffic': { zh: '机器人流量', en: 'Bot traffic' },
};

/** The name of a report row's app that no registered app owns (issue 25 item 3). */
export const unregisteredAppLabel: Both = { zh: '未注册应用', en: 'Unregistered app' };

/**
 * The name a report row's app is shown by, never its bare key (issue 25 item 3): the registered app's
 * name, else the app name the facts carry (a bidder's), else "Unregistered app" in `lang`.
 */
export function reportAppName(registered: string | null | undefined, fromFacts: unknown, lang: Lang): string {
  if (registered) return registered;
  if (typeof fromFacts === 'string' && fromFacts.trim() !== '') return fromFacts;
  return unregisteredAppLabel[lang];
}

/** An ad style code's label in `lang`; an unknown or empty code as it is (empty → ''). */
export function adStyleLabel(code: unknown, lang: Lang): string {
  if (code === null || code === undefined || code === '') return '';
  return adStyleLabels[Number(code)]?.[lang] ?? String(code);
}

/** A reject reason's label in `lang`; an unknown reason as stored. */
export function rejectReasonLabel(reason: unknown, lang: Lang): string {
  const s = reason === null || reason === undefined ? '' : String(reason);
  return rejectReasonLabels[s]?.[lang] ?? s;
}

const regionNames = new Map<string, Intl.DisplayNames>();

/**
 * Codes named by ICU's short form, whose standard form is long or qualified ("Hong Kong SAR China",
 * "中国香港特别行政区", "Palestinian Territories", "Myanmar (Burma)"); every other short form is an
 * abbreviation ("US", "UK") or the same as the standard one.
 */
const SHORT_NAMED = new Set(['HK', 'MO', 'PS', 'MM', 'CC', 'PN']);

function displayNames(lang: Lang, style: 'long' | 'short'): Intl.DisplayNames {
  const key = `${lang}:${style}`;
  let names = regionNames.get(key);
  if (!names) {
    names = new Intl.DisplayNames([lang === 'zh' ? 'zh-CN' : 'en'], {
      type: 'region',
      style,
      fallback: 'code',
    });
    regionNames.set(key, names);
  }
  return names;
}

/**
 * A country code's name in `lang`: the one source of country names of the portal (issue 25 item 10:
 * the country list `GET /common/country`, the filters, the report cells and the exports all use it),
 * the short common name of `Intl.DisplayNames` (CLDR): "US" → "美国" / "United States", "TW" →
 * "台湾" / "Taiwan", "HK" → "香港" / "Hong Kong". Anything that is not a two-letter code, or that ICU
 * does not know, comes back as it is.
 */
export function countryLabel(code: unknown, lang: Lang): string {
  const s = code === null || code === undefined ? '' : String(code);
  if (!/^[A-Za-z]{2}$/.test(s)) return s;
  const upper = s.toUpperCase();
  try {
    return displayNames(lang, SHORT_NAMED.has(upper) ? 'short' : 'long').of(upper) ?? s;
  } catch {
    return s;
  }
}

/**
 * i18n (spec §1): Chinese by default, English selectable, the choice kept in localStorage.
 * One catalogue per feature plus `common`; dayjs follows the language (antd follows in providers).
 */
import type { Lang } from '@portal/contracts/codes.ts';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enAccount from '@/locales/en/account.json';
import enCommon from '@/locales/en/common.json';
import enHome from '@/locales/en/home.json';
import enReports from '@/locales/en/reports.json';
import zhAccount from '@/locales/zh/account.json';
import zhCommon from '@/locales/zh/common.json';
import zhHome from '@/locales/zh/home.json';
import zhReports from '@/locales/zh/reports.json';
import { declaredTexts } from './declared-texts.ts';
import { ACCEPT_LANGUAGE, StorageKey } from './storage-keys.ts';

/** A locale file with the texts the report registry declares merged in (lib/declared-texts.ts). */
function withDeclared(lang: Lang, common: typeof zhCommon, reports: typeof zhReports) {
  const declared = declaredTexts(lang);
  return {
    common: { ...common, menu: { ...common.menu, ...declared.common.menu } },
    reports: { ...reports, ...declared.reports },
  };
}

/**
 * Every catalogue by language and namespace: the locale files, with the report screens' titles and
 * filter labels from their declarations; the parity test walks this and the files.
 */
export const resources = {
  zh: { home: zhHome, account: zhAccount, ...withDeclared('zh', zhCommon, zhReports) },
  en: { home: enHome, account: enAccount, ...withDeclared('en', enCommon, enReports) },
} as const;

export const LANGS: Lang[] = ['zh', 'en'];

/** The stored language choice, Chinese when nothing (or something unknown) is stored. */
export function storedLang(): Lang {
  return localStorage.getItem(StorageKey.language) === 'en' ? 'en' : 'zh';
}

function applyLang(lang: Lang): void {
  dayjs.locale(lang === 'zh' ? 'zh-cn' : 'en');
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
}

/** Initialises i18next once with the stored language. */
export function initI18n(): typeof i18next {
  if (!i18next.isInitialized) {
    const lng = storedLang();
    void i18next.use(initReactI18next).init({
      // A copy: i18next keeps what it is given as its store and writes into it (added catalogues,
      // missing keys), which would change `resources` and the catalogue modules for the rest of a
      // test process that shares modules between files.
      resources: structuredClone(resources),
      lng,
      fallbackLng: false,
      ns: Object.keys(resources.zh),
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    });
    applyLang(lng);
  }
  return i18next;
}

/**
 * Registers a catalogue that a lazily loaded screen brings along (e.g. the policy text), so long texts
 * stay out of the /login bundle. Safe to call more than once; the files still live in locales/<lang>/
 * and the parity test checks them like every other catalogue.
 */
export function addCatalogue(ns: string, bundles: Record<Lang, object>): void {
  const i18n = initI18n();
  for (const lang of LANGS) {
    if (!i18n.hasResourceBundle(lang, ns)) i18n.addResourceBundle(lang, ns, bundles[lang], true, true);
  }
}

/** The current language. */
export function currentLang(): Lang {
  return i18next.language === 'en' ? 'en' : 'zh';
}

/** Switches language, stores the choice and moves dayjs along. */
export async function setLang(lang: Lang): Promise<void> {
  localStorage.setItem(StorageKey.language, lang);
  applyLang(lang);
  await i18next.changeLanguage(lang);
}

/** The `Accept-Language` value the server understands (api-contract §1). */
export function acceptLanguage(): string {
  return ACCEPT_LANGUAGE[currentLang()];
}

/**
 * Registers the `apps` catalogue (also used by the ad slot screens' status cell) and the `appAds`
 * one (app-ads.txt) when an app screen loads.
 */
import { addCatalogue } from '@/lib/i18n.ts';
import enAppAds from '@/locales/en/app-ads.json';
import en from '@/locales/en/apps.json';
import zhAppAds from '@/locales/zh/app-ads.json';
import zh from '@/locales/zh/apps.json';

addCatalogue('apps', { zh, en });
addCatalogue('appAds', { zh: zhAppAds, en: enAppAds });

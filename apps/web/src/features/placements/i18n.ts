/** Registers the `placements` and `apps` (status labels) catalogues when the ad slot screen loads. */
import { addCatalogue } from '@/lib/i18n.ts';
import enApps from '@/locales/en/apps.json';
import en from '@/locales/en/placements.json';
import zhApps from '@/locales/zh/apps.json';
import zh from '@/locales/zh/placements.json';

addCatalogue('placements', { zh, en });
addCatalogue('apps', { zh: zhApps, en: enApps });

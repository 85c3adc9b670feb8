/** Registers the `adslots` and `apps` (status labels) catalogues when the ad slot screen loads. */
import { addCatalogue } from '@/lib/i18n.ts';
import en from '@/locales/en/adslots.json';
import enApps from '@/locales/en/apps.json';
import zh from '@/locales/zh/adslots.json';
import zhApps from '@/locales/zh/apps.json';

addCatalogue('adslots', { zh, en });
addCatalogue('apps', { zh: zhApps, en: enApps });

/** Registers the `apps` catalogue (also used by the ad slot screens' status cell) when an app screen loads. */
import { addCatalogue } from '@/lib/i18n.ts';
import en from '@/locales/en/apps.json';
import zh from '@/locales/zh/apps.json';

addCatalogue('apps', { zh, en });

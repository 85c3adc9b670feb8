/** Registers the `reportView` catalogue (presets, comparison, KPI cards, charts; issue 13). */
import { addCatalogue } from '@/lib/i18n.ts';
import en from '@/locales/en/report-view.json';
import zh from '@/locales/zh/report-view.json';

addCatalogue('reportView', { zh, en });

/**
 * The `views` catalogue (issue 13 items 7–8: saved views, scheduled reports), registered by the
 * components that use it so it stays out of the first download.
 */
import en from '@/locales/en/views.json';
import zh from '@/locales/zh/views.json';
import { addCatalogue } from './i18n.ts';

/** Registers the catalogue (idempotent); call at module load of a component using `views:` keys. */
export function ensureViewsCatalogue(): void {
  addCatalogue('views', { zh, en });
}

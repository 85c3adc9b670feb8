/**
 * The `security` catalogue (issue 16: API keys, two-factor, sessions, audit log), registered on first
 * use by the screens and the login's second step that need it, so it stays out of the first download.
 */
import en from '@/locales/en/security.json';
import zh from '@/locales/zh/security.json';
import { addCatalogue } from './i18n.ts';

/** Registers the catalogue (idempotent); call at module load of a screen using `security:` keys. */
export function ensureSecurityCatalogue(): void {
  addCatalogue('security', { zh, en });
}

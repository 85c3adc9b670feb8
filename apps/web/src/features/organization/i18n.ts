/** Registers the `organization` catalogue when the organise screen loads (kept out of /login). */

import { addCatalogue } from '@/lib/i18n.ts';
import en from '@/locales/en/organization.json';
import zh from '@/locales/zh/organization.json';

addCatalogue('organization', { zh, en });

/** Registers the `organisation` catalogue when the organise screen loads (kept out of /login). */

import { addCatalogue } from '@/lib/i18n.ts';
import en from '@/locales/en/organisation.json';
import zh from '@/locales/zh/organisation.json';

addCatalogue('organisation', { zh, en });

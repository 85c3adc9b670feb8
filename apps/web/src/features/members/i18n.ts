/** Registers the `members` catalogue when a user or role management screen loads (kept out of /login). */

import { addCatalogue } from '@/lib/i18n.ts';
import en from '@/locales/en/members.json';
import zh from '@/locales/zh/members.json';

addCatalogue('members', { zh, en });

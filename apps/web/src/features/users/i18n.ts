/** Registers the `users` catalogue when a user or role management screen loads (kept out of /login). */

import { addCatalogue } from '@/lib/i18n.ts';
import en from '@/locales/en/users.json';
import zh from '@/locales/zh/users.json';

addCatalogue('users', { zh, en });

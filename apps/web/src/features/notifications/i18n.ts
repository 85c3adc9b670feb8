/** Registers the `notifications` catalogue when the bell or the notifications screen loads. */
import { addCatalogue } from '@/lib/i18n.ts';
import en from '@/locales/en/notifications.json';
import zh from '@/locales/zh/notifications.json';

addCatalogue('notifications', { zh, en });

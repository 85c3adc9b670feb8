/** Registers the `payments` catalogue when a payments screen loads. */
import { addCatalogue } from '@/lib/i18n.ts';
import en from '@/locales/en/payments.json';
import zh from '@/locales/zh/payments.json';

addCatalogue('payments', { zh, en });

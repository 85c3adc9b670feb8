/**
 * Test helper of the report suites: a list cell as the XLSX export writes it (issue 13 item 6), so
 * the suites can compare an export read back with exceljs against the paged list: dates become real
 * dates (UTC midnight), ad styles, countries and reject reasons their labels in `lang`; the rest as
 * listed.
 */
import type { Lang } from '@portal/contracts/codes.ts';
import {
  adStyleFields,
  adStyleLabel,
  countryFields,
  countryLabel,
  rejectReasonLabel,
} from '@portal/contracts/report-labels.ts';

const DATE_FIELDS = new Set(['dt', 'datepart']);

/** `v` of `field` (a list cell) as read back from the XLSX export in `lang`. */
export function xlsxShown(field: string, v: unknown, lang: Lang = 'en'): unknown {
  if (v === null || v === undefined) return null;
  if (DATE_FIELDS.has(field)) {
    const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(String(v));
    return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : v;
  }
  if (adStyleFields.has(field)) return adStyleLabel(v, lang);
  if (countryFields.has(field)) return countryLabel(v, lang);
  if (field === 'reject_reason') return rejectReasonLabel(v, lang);
  return v;
}

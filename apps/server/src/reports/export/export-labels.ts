/**
 * Export columns typed and labelled as the report page shows them (issue 13 item 6): each column's
 * cell type from its kind's catalogue (`file_type`), and codes shown as words in the request's
 * language (contracts report-labels.ts): ad styles, countries, reject reasons. Labels are memoised per
 * export, since a column holds few distinct codes.
 */
import type { Lang } from '@portal/contracts/codes.ts';
import {
  adStyleFields,
  adStyleLabel,
  countryFields,
  countryLabel,
  rejectReasonLabel,
} from '@portal/contracts/report-labels.ts';
import type { CatalogueField } from '@portal/contracts/reports.ts';
import type { ReportValue } from '../store.ts';
import type { ExportColumn } from './export-writer.ts';

/** `fn` remembered by value (a column's codes are few: styles, countries, reasons). */
function memo(fn: (v: ReportValue) => string): (v: ReportValue) => ReportValue {
  const seen = new Map<ReportValue, string>();
  return (v) => {
    let s = seen.get(v);
    if (s === undefined) {
      s = fn(v);
      seen.set(v, s);
    }
    return s;
  };
}

/** The label function of `field` in `lang`, or undefined when its values show as stored. */
export function fieldLabel(field: string, lang: Lang): ExportColumn['label'] {
  if (adStyleFields.has(field)) return memo((v) => adStyleLabel(v, lang));
  if (countryFields.has(field)) return memo((v) => countryLabel(v, lang));
  if (field === 'reject_reason') return memo((v) => rejectReasonLabel(v, lang));
  return undefined;
}

/**
 * `columns` with their cell type from `catalogue` (fields it does not hold, like `app_name`, are
 * text) and their label in `lang`.
 */
export function typedColumns(
  columns: ExportColumn[],
  catalogue: CatalogueField[],
  lang: Lang,
): ExportColumn[] {
  return columns.map((c) => ({
    ...c,
    fileType: catalogue.find((f) => f.field === c.field)?.file_type ?? 'string',
    label: fieldLabel(c.field, lang),
  }));
}

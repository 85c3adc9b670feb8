/**
 * Cells that need more than a format (spec §2, §3, issue 13 item 5): the app name beside its key, ad
 * style labels and country names in the page's language (contracts report-labels.ts; the ISO code on
 * hover), the game's app object, and the affiliate reject count that opens the Reject Detail dialog.
 */
import { adStyleFields, adStyleLabel, countryFields, countryLabel } from '@portal/contracts/report-labels.ts';
import type { ReportRow } from '@portal/contracts/reports.ts';
import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { formatInt } from '@/lib/format.ts';
import { currentLang } from '@/lib/i18n.ts';

type GameAppCell = { app_name?: string; pkg_name?: string };

/** A cell renderer for the report table; undefined means "format by file_type". */
export function renderReportCell(
  field: string,
  row: ReportRow,
  t: TFunction,
  onReject?: (row: ReportRow) => void,
): ReactNode | undefined {
  const v = row[field] as unknown;
  if (field === 'app_key' && row.app_name) {
    // One line per row (issue 25 item 5): the name, the key on hover and behind a copy button.
    const key = String(row.app_key);
    return (
      <span data-testid="app-cell" className="app-cell" title={`${String(row.app_name)}\n${key}`}>
        <span className="app-name">{row.app_name}</span>
        <Typography.Text
          className="app-key-copy"
          data-testid="app-key-copy"
          copyable={{ text: key, tooltips: [t('table.copyKey', { key }), t('table.copied')] }}
        />
      </span>
    );
  }
  if (field === 'app' && v && typeof v === 'object') {
    const app = v as GameAppCell;
    return (
      <span data-testid="app-cell">
        <span>{app.app_name ?? '-'}</span>
        {app.pkg_name ? (
          <>
            <br />
            <span className="app-key">{app.pkg_name}</span>
          </>
        ) : null}
      </span>
    );
  }
  if (adStyleFields.has(field) && v !== null && v !== undefined && v !== '') {
    return adStyleLabel(v, currentLang());
  }
  if (countryFields.has(field) && typeof v === 'string' && v !== '') {
    return (
      <span data-testid="country-cell" title={v}>
        {countryLabel(v, currentLang())}
      </span>
    );
  }
  if (field === 'reject' && onReject && Number(v) > 0) {
    return (
      <button
        type="button"
        className="reject-link"
        data-testid="reject-cell"
        onClick={() => onReject(row)}
        title={t('reject.open')}
      >
        {formatInt(v)}
      </button>
    );
  }
  return undefined;
}

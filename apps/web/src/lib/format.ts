/** Report number and date formats of spec §9. */
import type { FileType } from '@portal/contracts/reports.ts';

const intFmt = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const twoFmt = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function num(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}

/** 1234567 → "1,234,567". */
export function formatInt(v: unknown): string {
  const n = num(v);
  return n === null ? '-' : intFmt.format(n);
}

/** A ratio as a percentage with 2 decimals: 0.12345 → "12.35%". */
export function formatPercent(v: unknown): string {
  const n = num(v);
  return n === null ? '-' : `${twoFmt.format(n * 100)}%`;
}

/** Money with 2 decimals and thousands separators: 12345.678 → "12,345.68". */
export function formatMoney(v: unknown): string {
  const n = num(v);
  return n === null ? '-' : twoFmt.format(n);
}

/** Wire date yyyyMMdd → yyyy-MM-dd (already dashed values pass through). */
export function formatDate(v: unknown): string {
  const s = v === null || v === undefined ? '' : String(v);
  return /^\d{8}$/.test(s) ? `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}` : s || '-';
}

/** Hour 0–23 → "00"–"23". */
export function formatHour(v: unknown): string {
  const n = num(v);
  return n === null ? '-' : String(Math.trunc(n)).padStart(2, '0');
}

/** Formats a report cell by its column's `file_type`. */
export function formatCell(fileType: FileType, v: unknown): string {
  switch (fileType) {
    case 'int':
      return formatInt(v);
    case 'percent':
      return formatPercent(v);
    case 'money':
      return formatMoney(v);
    case 'date':
      return formatDate(v);
    case 'hour':
      return formatHour(v);
    default:
      return v === null || v === undefined || v === '' ? '-' : String(v);
  }
}

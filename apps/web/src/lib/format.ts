/** Report number and date formats of spec §9, and the size of an uploaded file. */
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

/**
 * A file's size in bytes for people: under 1 KiB in bytes ("53 B"), then KiB and MiB (1024-based, the
 * units the upload limits are stated in) with one decimal below 10 ("2.5 KiB", "12 KiB", "3.1 MiB").
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '-';
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'KiB'] : [bytes / (1024 * 1024), 'MiB'];
  return `${value < 10 ? Number(value.toFixed(1)) : Math.round(value)} ${unit}`;
}

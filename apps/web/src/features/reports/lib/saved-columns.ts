/** Column selection saved per report in localStorage (spec §2 Report screens). */
import type { StatColumn } from '@portal/contracts/reports.ts';

/** Field names saved under `key` (an array of names or of `{ field }`), or null when none or unreadable. */
export function readSavedFields(key: string): string[] | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return null;
    const fields = parsed
      .map((v) => (typeof v === 'string' ? v : (v as { field?: unknown })?.field))
      .filter((v): v is string => typeof v === 'string');
    return fields.length > 0 ? fields : null;
  } catch {
    return null;
  }
}

/** The displayed columns: `fields` in their order, limited to those the server describes. */
export function pickColumns(columns: StatColumn[], fields: string[]): StatColumn[] {
  const byField = new Map(columns.map((c) => [c.field, c]));
  const picked = fields.map((f) => byField.get(f)).filter((c): c is StatColumn => c !== undefined);
  return picked;
}

/** The default sort (spec §7): dt descending, else hour descending, else none. */
export function defaultOrder(fields: string[]): string | undefined {
  if (fields.includes('dt')) return 'dt:desc';
  if (fields.includes('hour')) return 'hour:desc';
  return undefined;
}

/** Column selection saved per report in localStorage (spec §2 Report screens, §4 sort rules). */
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

/** Saves the ordered field names of a report's column choice under `key`. */
export function writeSavedFields(key: string, fields: string[]): void {
  try {
    localStorage.setItem(key, JSON.stringify(fields));
  } catch {
    // storage full or disabled: the choice lasts for this page only
  }
}

/** The displayed columns: `fields` in their order, limited to those the server describes. */
export function pickColumns(columns: StatColumn[], fields: string[]): StatColumn[] {
  const byField = new Map(columns.map((c) => [c.field, c]));
  const picked = fields.map((f) => byField.get(f)).filter((c): c is StatColumn => c !== undefined);
  return picked;
}

/**
 * The columns in force: the saved choice when it still names at least one dimension and one metric
 * the server describes, else the report's defaults (spec §4: no saved columns → defaults).
 */
export function resolveColumns(
  columns: StatColumn[],
  saved: string[] | null,
  defaults: string[],
): StatColumn[] {
  const picked = saved ? pickColumns(columns, saved) : [];
  if (selectionProblem(picked) === null) return picked;
  const fallback = pickColumns(columns, defaults);
  return fallback.length > 0 ? fallback : columns;
}

/** Why a selection cannot be applied (spec §5 Custom columns), or null when it can. */
export function selectionProblem(columns: Pick<StatColumn, 'type'>[]): 'dimension' | 'metric' | null {
  if (!columns.some((c) => c.type === 1)) return 'dimension';
  if (!columns.some((c) => c.type === 2)) return 'metric';
  return null;
}

/**
 * The default sort (spec §4, §7): dt descending, else hour descending, else none. The game report's
 * date is `datepart` (contracts reports-game: default datepart desc).
 */
export function defaultOrder(fields: string[]): string | undefined {
  if (fields.includes('dt')) return 'dt:desc';
  if (fields.includes('datepart')) return 'datepart:desc';
  if (fields.includes('hour')) return 'hour:desc';
  return undefined;
}

/**
 * The sort in force (spec §4): a chosen `field:dir` whose field is displayed, else the default.
 * A sort on a column that is no longer displayed is dropped.
 */
export function effectiveOrder(order: string | undefined, fields: string[]): string | undefined {
  const field = order?.split(':')[0];
  if (order && field && fields.includes(field)) return order;
  return defaultOrder(fields);
}

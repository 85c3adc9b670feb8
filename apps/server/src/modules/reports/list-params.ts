/**
 * Parameter parsing shared by every report kind (spec §7, api-contract §8): date range with the date
 * rules, shown fields against the kind's definition, the order (dropped when the field is not shown,
 * spec §4) and comma-list filters. Problems collect as `{ field, message }` for one 604 answer.
 */
import type { Lang } from '@portal/contracts/codes.ts';
import type { FieldError } from '@portal/contracts/envelope.ts';
import { checkReportRange, dateRuleMessage } from '@portal/contracts/report-dates.ts';
import { reportParamText } from '@portal/contracts/reports.ts';
import type { QueryDef, SortDir } from '../../reports/query-builder.ts';
import { commaList } from './sdk-params.ts';

export class ParamErrors {
  readonly errors: FieldError[] = [];
  constructor(readonly lang: Lang) {}
  /** Adds a catalogue message (`{value}` filled). */
  add(field: string, key: keyof typeof reportParamText, value = ''): void {
    this.errors.push({ field, message: reportParamText[key][this.lang].replace('{value}', value) });
  }
}

/**
 * A range from `start`/`end` in yyyyMMdd or yyyy-MM-dd (`dashes`), checked against the rules with
 * `earliest`; returns yyyyMMdd.
 */
export function parseRange(
  e: ParamErrors,
  field: string,
  start: string,
  end: string,
  yesterday: string,
  earliest: string | undefined,
  dashes = false,
): { start: string; end: string } {
  const norm = (s: string) =>
    dashes && /^\d{4}-\d{2}-\d{2}$/.test(s) ? s.replaceAll('-', '') : dashes ? 'x' : s;
  const s = norm(start.trim());
  const t = norm(end.trim());
  const rule = checkReportRange(s, t, yesterday, earliest);
  const format = dashes ? 'yyyy-MM-dd' : 'yyyyMMdd';
  if (rule) e.errors.push({ field, message: dateRuleMessage(rule, e.lang, earliest, format) });
  return { start: s, end: t };
}

/** `dt=yyyyMMdd,yyyyMMdd` (or one day). */
export function parseDt(e: ParamErrors, dt: string, yesterday: string, earliest?: string) {
  const parts = dt.split(',');
  if (parts.length > 2) {
    e.errors.push({ field: 'dt', message: dateRuleMessage('format', e.lang) });
    return { start: '', end: '' };
  }
  return parseRange(e, 'dt', parts[0] ?? '', parts[1] ?? parts[0] ?? '', yesterday, earliest);
}

/** Shown fields split into dimensions and metrics of `def`; unknown → 604; empty → `defaults`. */
export function parseFields(
  e: ParamErrors,
  param: string,
  v: string | undefined,
  def: QueryDef,
  defaults: string[],
) {
  const dimensions: string[] = [];
  const metrics: string[] = [];
  for (const f of commaList(v) ?? defaults) {
    if (f in def.dimensions) dimensions.push(f);
    else if (f in def.metrics) metrics.push(f);
    else if (f !== 'app_name') e.add(param, 'unknown_field', f.slice(0, 50));
  }
  return { dimensions, metrics };
}

/** `field:asc|desc` → order when the field is shown; malformed or unknown → 604. */
export function parseOrder(e: ParamErrors, v: string | undefined, def: QueryDef, shown: string[]) {
  if (!v?.trim()) return null;
  const m = /^([a-z_]+):(asc|desc)$/i.exec(v.trim());
  const field = m?.[1] ?? '';
  if (!m || !(field in def.dimensions || field in def.metrics)) {
    e.add('order', 'bad_order');
    return null;
  }
  return shown.includes(field) ? { field, dir: (m[2] ?? 'desc').toLowerCase() as SortDir } : null;
}

/** A comma-list filter whose every item passes `ok` (else 604); null when absent. */
export function parseList(e: ParamErrors, field: string, v: string | undefined, ok: (s: string) => boolean) {
  const items = commaList(v);
  if (!items) return null;
  if (items.length > 1000) e.add(field, 'bad_value', '>1000');
  const bad = items.find((s) => !ok(s));
  if (bad !== undefined) e.add(field, 'bad_value', bad.slice(0, 50));
  return items;
}

export const isText = (s: string) => s.length <= 128;
export const isCountry = (s: string) => /^[A-Za-z]{2}$/.test(s);
export const upper = (l: string[] | null) => (l ? [...new Set(l.map((s) => s.toUpperCase()))] : null);

/** The metric of a trend: one of `def`'s metrics, else 604. */
export function parseMetric(e: ParamErrors, v: string, def: QueryDef): string {
  if (!(v in def.metrics)) e.add('metric', 'unknown_field', v.slice(0, 50));
  return v;
}

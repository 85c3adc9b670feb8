/**
 * Saved report views (issue 13 item 7) ↔ the report page's state. A view keeps the page's list query
 * as sent (contracts report-views.ts): columns in order, titles, sort, filters, dates, `preset` and
 * `compare` as the page sends them, fixed parameters; paging is dropped. Opening a view turns that
 * query back into the page's filter values, column fields and sort. The spec's local column keys are
 * left alone: they keep the unsaved choice.
 */
import { compareModes, reportPresets } from '@portal/contracts/report-view.ts';
import { viewQueryDropped } from '@portal/contracts/report-views.ts';
import dayjs from 'dayjs';
import type { ReportDef } from './report-defs.ts';
import type { FilterValues, Query } from './report-query.ts';
import { defaultRange, type Range } from './report-range.ts';
import { presetToRange } from './report-view.ts';

export type ViewState = {
  filters: FilterValues;
  /** Column fields in order; null: the report's current choice. */
  fields: string[] | null;
  /** `field:asc|desc`, or undefined for the default sort. */
  order: string | undefined;
};

/** The query a view keeps: non-empty values as strings, without paging or format. */
export function viewQueryOf(query: Query): Record<string, string> {
  const dropped = new Set<string>(viewQueryDropped);
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) {
    if (dropped.has(k) || v === undefined || v === null || v === '') continue;
    out[k] = String(v);
  }
  return out;
}

const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function rangeOf(def: ReportDef, q: Record<string, string>): Range {
  const [start, end] =
    def.style === 'list' ? list(q.dt) : [q.start_date?.replaceAll('-', ''), q.end_date?.replaceAll('-', '')];
  if (!start || !end || !/^\d{8}$/.test(start) || !/^\d{8}$/.test(end))
    return defaultRange(undefined, def.kind);
  // dayjs reads yyyyMMdd without a format.
  return [dayjs(start), dayjs(end)];
}

/** The page state of a view's `query` on report `def`. */
export function viewStateOf(def: ReportDef, q: Record<string, string>): ViewState {
  const filters: FilterValues = { range: rangeOf(def, q) };
  for (const spec of def.filters) {
    const v = q[spec.name];
    if (v === undefined) continue;
    const multiple = spec.type === 'countries' || (spec.type === 'channels' && spec.multiple);
    filters[spec.name] = multiple ? list(v) : spec.type === 'adStyle' ? Number(v) || v : v;
  }
  // Kept as given: the page's preset and comparison controls read them from the filter values.
  const preset = reportPresets.find((p) => p === q.preset);
  const compare = compareModes.find((c) => c === q.compare);
  if (preset) {
    // A view saved with a preset means that period as of today ("last 7 days"), not the old dates.
    filters.preset = preset;
    filters.range = presetToRange(preset, def.earliest, undefined, def.kind) ?? filters.range;
  }
  if (compare) filters.compare = compare;
  if (def.style === 'game') {
    const fields = [...list(q.data_dimension), ...list(q.data_metrics)];
    const order = q.sort ? `${q.sort}:${q.order_by === '1' ? 'asc' : 'desc'}` : undefined;
    return { filters, fields: fields.length ? fields : null, order };
  }
  const fields = def.style === 'gx' ? null : list(q.fields);
  return { filters, fields: fields?.length ? fields : null, order: q.order || undefined };
}

/** Whether a view belongs on `def`'s page: same kind and the same fixed parameters (e.g. `db_source`). */
export function viewFits(def: ReportDef, view: { kind: string; query: Record<string, string> }): boolean {
  if (view.kind !== def.kind) return false;
  return Object.entries(def.fixed ?? {}).every(([k, v]) => view.query[k] === v);
}

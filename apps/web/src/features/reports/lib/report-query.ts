/**
 * Builds a report's wire queries (spec §7 Reports, contracts reports-*.ts) from the screen's state:
 * the list page, the export (same filters, fields and titles, no paging) and the trend.
 */
import type { CompareMode, ReportPreset } from '@portal/contracts/report-view.ts';
import type { StatColumn } from '@portal/contracts/reports.ts';
import type { Dayjs } from 'dayjs';
import type { FilterSpec, ReportDef } from './report-defs.ts';
import type { Range } from './report-range.ts';
import { dtParam } from './report-range.ts';
import { KPI_COMPARE } from './report-view.ts';

export type Query = Record<string, string | number | undefined>;

/**
 * The filter row's values: the range, the preset it came from (absent: picked by hand), the chosen
 * comparison (absent: none) plus one entry per filter `name`.
 */
export type FilterValues = { range: Range; preset?: ReportPreset; compare?: CompareMode } & Record<
  string,
  unknown
>;

/** "a, b,,c " → "a,b,c" (comma-separated filters of several values, spec §2 Affiliate). */
export function normaliseList(v: string): string {
  return v
    .split(/[,，\s]+/)
    .map((s) => s.trim())
    .filter(Boolean)
    .join(',');
}

function filterValue(spec: FilterSpec, v: unknown): string | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  if (Array.isArray(v)) return v.length > 0 ? v.map(String).join(',') : undefined;
  if (typeof v === 'string') {
    const s = spec.type === 'text' && spec.list ? normaliseList(v) : v.trim();
    return s || undefined;
  }
  return String(v);
}

const dashed = (d: Dayjs) => d.format('YYYY-MM-DD');

/** The date and filter parameters shared by list, export and trend. */
export function filterQuery(def: ReportDef, values: FilterValues): Query {
  const q: Query = { ...def.fixed };
  if (def.style === 'list') q.dt = dtParam(values.range);
  else {
    q.start_date = dashed(values.range[0]);
    q.end_date = dashed(values.range[1]);
  }
  for (const spec of def.filters) q[spec.name] = filterValue(spec, values[spec.name]);
  return q;
}

/** Columns and sort, spelled per style; `order` is `field:asc|desc` already checked against the columns. */
function columnQuery(def: ReportDef, columns: StatColumn[], order: string | undefined): Query {
  const titles = columns.map((c) => c.title.replaceAll(',', ' ')).join(',');
  if (def.style === 'gx') return { order };
  if (def.style === 'game') {
    const [field, dir] = (order ?? '').split(':');
    return {
      data_dimension: columns
        .filter((c) => c.type === 1)
        .map((c) => c.field)
        .join(','),
      data_metrics: columns
        .filter((c) => c.type === 2)
        .map((c) => c.field)
        .join(','),
      sort: field || undefined,
      order_by: field ? (dir === 'asc' ? 1 : 2) : undefined,
      // The export's columns in the page's order, each under its title (api-contract §10).
      fields: columns.map((c) => c.field).join(','),
      titles,
    };
  }
  return { fields: columns.map((c) => c.field).join(','), titles, order };
}

/**
 * One page of the list, with `compare`: the chosen comparison, else the previous period for the KPI
 * cards' change (issue 13 item 1; the table shows Δ% only for a chosen one).
 */
export function listQuery(
  def: ReportDef,
  values: FilterValues,
  columns: StatColumn[],
  order: string | undefined,
  page: { index: number; size: number },
): Query {
  const paging =
    def.style === 'list'
      ? { page_index: page.index, page_size: page.size }
      : { page_no: page.index, page_size: page.size };
  const q: Query = {
    ...filterQuery(def, values),
    ...columnQuery(def, columns, order),
    ...paging,
    compare: values.compare ?? KPI_COMPARE,
  };
  if (def.style === 'game') {
    delete q.fields;
    delete q.titles;
  }
  return q;
}

/** The export: the list's filters, fields and titles without paging, plus `format`. */
export function exportQuery(
  def: ReportDef,
  values: FilterValues,
  columns: StatColumn[],
  order: string | undefined,
  format: 'xlsx' | 'csv',
): Query {
  return { ...filterQuery(def, values), ...columnQuery(def, columns, order), format };
}

/**
 * The trend: the list's dates and filters plus one metric or several comma-joined (contracts
 * reports-kinds `trendParams`), and the chosen comparison (its second line).
 */
export function trendQuery(def: ReportDef, values: FilterValues, metric: string): Query {
  return { ...filterQuery(def, values), metric, compare: values.compare };
}

/**
 * The page side of presets and comparison (issue 13 items 1–3, contracts report-view.ts):
 * - a preset resolves with the contracts' `presetRange` against the page's reporting yesterday, so the
 *   dates the page shows and sends are the ones the server would resolve (earliest date, 90 days);
 * - the comparison adds a `Δ%` column beside each shown metric, computed from `compare_list` by row
 *   index (`relativeChange`: 0.1 = +10 %, null without a base), and a `Δ%` cell in the totals row from
 *   `compare_total`.
 */
import {
  type CompareMode,
  type DayRange,
  presetRange,
  type ReportPreset,
  relativeChange,
} from '@portal/contracts/report-view.ts';
import type { ReportListData, ReportRow, StatColumn } from '@portal/contracts/reports.ts';
import type { ReportKind } from '@portal/contracts/reports-kinds.ts';
import dayjs, { type Dayjs } from 'dayjs';
import type { Range } from './report-range.ts';
import { defaultRange, toWire, yesterday } from './report-range.ts';

/** The preset of the page's first render (spec §9: the last 7 days through yesterday). */
export const DEFAULT_PRESET: ReportPreset = 'last_7_days';

/** The comparison the list is asked for when none is chosen: the KPI cards' change (issue 13 item 1). */
export const KPI_COMPARE: CompareMode = 'previous';

/** Suffix of a metric's Δ% column field: `revenue` → `revenue__delta`. */
export const DELTA_SUFFIX = '__delta';

/** yyyyMMdd → dayjs. */
const fromWire = (d: string): Dayjs => dayjs(`${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`);

/** The picker range of `preset` (null when nothing of it is reportable, e.g. "last month" too early). */
export function presetToRange(
  preset: ReportPreset,
  earliest: string,
  now: Dayjs = dayjs(),
  kind: ReportKind = 'sdk',
): Range | null {
  const r = presetRange(preset, toWire(yesterday(now, kind)), earliest);
  return r ? [fromWire(r.start), fromWire(r.end)] : null;
}

/** The filter values of a fresh page: default range, its preset, no comparison chosen. */
export function defaultView(
  now: Dayjs = dayjs(),
  kind: ReportKind = 'sdk',
): { range: Range; preset: ReportPreset } {
  return { range: defaultRange(now, kind), preset: DEFAULT_PRESET };
}

/** The field of `metric`'s Δ% column. */
export const deltaField = (metric: string) => `${metric}${DELTA_SUFFIX}`;

/** The metric of a Δ% column's field, or null for any other field. */
export function deltaMetric(field: string): string | null {
  return field.endsWith(DELTA_SUFFIX) ? field.slice(0, -DELTA_SUFFIX.length) : null;
}

/** +12.35% / -4.00% / "-" (a ratio as a signed percentage with 2 decimals). */
export function formatDelta(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '-';
  const pct = (v * 100).toFixed(2);
  return v > 0 ? `+${pct}%` : `${pct}%`;
}

/**
 * The table's columns with a `Δ%` column after each metric (type 2, not sortable, file_type
 * `string` so the totals cell shows the signed text as given).
 */
export function withDeltaColumns(columns: StatColumn[], title: string): StatColumn[] {
  return columns.flatMap((c) =>
    c.type === 2
      ? [
          c,
          {
            field: deltaField(c.field),
            title,
            type: 2 as const,
            file_type: 'string' as const,
            sortable: false,
          },
        ]
      : [c],
  );
}

/**
 * The list with each row's Δ% per shown metric (numbers, from `compare_list` by index) and the totals
 * row's Δ% (signed text, from `compare_total`).
 */
export function withDeltas(data: ReportListData, metrics: string[]): ReportListData {
  const compareRows = data.compare_list ?? [];
  const list = data.list.map((row, i) => {
    const base = compareRows[i];
    const out: ReportRow = { ...row };
    for (const m of metrics) out[deltaField(m)] = base ? relativeChange(row[m], base[m]) : null;
    return out;
  });
  const total: ReportRow = { ...data.total };
  for (const m of metrics) {
    total[deltaField(m)] = formatDelta(relativeChange(data.total[m], data.compare_total?.[m]));
  }
  return { ...data, list, total };
}

/** yyyyMMdd range → "yyyy-MM-dd" pair for texts. */
export function rangeText(r: DayRange): { start: string; end: string } {
  const d = (s: string) => `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`;
  return { start: d(r.start), end: d(r.end) };
}

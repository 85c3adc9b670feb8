/**
 * The Reject Detail query of a clicked affiliate row (contracts reports-affiliate
 * `affiliateRejectQuery`): the row's own values where it shows them, else the list's filters.
 */
import type { ReportRow } from '@portal/contracts/reports.ts';
import type { ReportDef } from './report-defs.ts';
import { type FilterValues, filterQuery, type Query } from './report-query.ts';

const ROW_FIELDS = ['channel', 'offer_id', 'pkg_name', 'geo'] as const;

/** The detail query of `row` under the list's `values`. */
export function rejectQuery(def: ReportDef, values: FilterValues, row: ReportRow): Query {
  const base = filterQuery(def, values);
  const q: Query = { db_source: base.db_source, dt: base.dt };
  const has = (f: string) => row[f] !== undefined && row[f] !== null && row[f] !== '';
  if (has('dt')) q.dt = String(row.dt);
  if (has('hour')) q.hour = Number(row.hour);
  if (has('sub_channel')) q.sub_channel = String(row.sub_channel);
  for (const f of ROW_FIELDS) q[f] = has(f) ? String(row[f]) : base[f];
  return q;
}

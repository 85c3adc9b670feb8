/**
 * Which query lane a report query runs in (query-lanes.ts, issue 11 item 5): `heavy` when it is
 * network-wide (no app-key or channel restriction, i.e. an operations caller who did not filter), when
 * it groups by hour (read from the hourly facts), or when its estimated group count exceeds
 * HEAVY_GROUP_ESTIMATE; `light` otherwise (a publisher's lists). Pure and store-agnostic: it reads the
 * resolved query only, before any SQL runs.
 */
import { dayNumber } from '@portal/contracts/report-dates.ts';
import type { QueryDef, ReportQuery } from './query-builder.ts';

/** Above this many estimated groups a query is heavy (the 90-day publisher list by date, app and country is ~145k). */
export const HEAVY_GROUP_ESTIMATE = 500_000;

/** Stored columns that carry a caller's scope (scope.ts): SDK-style kinds by app, RTB/affiliate by channel. */
const SCOPE_COLUMNS = ['app_key', 'channel'];

/** Distinct values assumed per stored column when the query does not list them (deliberately generous). */
const CARDINALITY: Record<string, number> = {
  hour: 24,
  app_key: 1000,
  pkg_name: 1000,
  channel: 100,
  sub_channel: 100,
  placement_id: 5000,
  ad_placement_id: 5000,
  placement_name: 20,
  offer_id: 1000,
  geo: 200,
  country: 200,
  nation: 200,
};
const DEFAULT_CARDINALITY = 50;

/** An upper-bound guess of the number of groups `q` produces: the product of each dimension's values. */
export function estimateGroups(def: QueryDef, q: ReportQuery): number {
  const days = dayNumber(q.end) - dayNumber(q.start) + 1;
  let groups = 1;
  for (const name of q.dimensions) {
    const d = def.dimensions[name];
    if (!d) continue;
    const listed = q.filters[d.column];
    groups *= d.dateFormat
      ? days
      : Array.isArray(listed)
        ? listed.length
        : (CARDINALITY[d.column] ?? DEFAULT_CARDINALITY);
  }
  return groups;
}

/** True when no scope column restricts the query: it reads every publisher's facts. */
export function isNetworkWide(q: ReportQuery): boolean {
  return !SCOPE_COLUMNS.some((c) => Array.isArray(q.filters[c]));
}

/** The lane of a list or trend query: 'heavy' or 'light' (see the module comment). */
export function queryLane(def: QueryDef, q: ReportQuery): 'light' | 'heavy' {
  const byHour = q.dimensions.some((name) => def.dimensions[name]?.column === 'hour');
  return isNetworkWide(q) || byHour || estimateGroups(def, q) > HEAVY_GROUP_ESTIMATE ? 'heavy' : 'light';
}

/**
 * The SDK report's query in its own terms (kept for the SDK parameters and the latency bench), built
 * by the generic builder of query-builder.ts over `sdkDef` (report-defs.ts). A query that does not
 * show the hour reads the `sdk_daily` rollup.
 */
import {
  type BuiltSql,
  buildCountSql,
  buildListSql,
  buildTotalSql,
  type ReportQuery,
  type SortDir,
} from './query-builder.ts';
import { sdkDef } from './report-defs.ts';

export type { BuiltSql, SortDir };

export const sdkDimensions = [
  'dt',
  'hour',
  'app_key',
  'placement_id',
  'placement_name',
  'ad_style',
  'geo',
] as const;
export const sdkMetrics = [
  'request',
  'response',
  'fill_rate',
  'impression',
  'impression_rate',
  'click',
  'ctr',
  'revenue',
  'ecpm',
] as const;
export type SdkDimension = (typeof sdkDimensions)[number];
export type SdkMetric = (typeof sdkMetrics)[number];

/** A resolved SDK report query; lists are already intersected with the caller's scope. */
export type SdkQuery = {
  /** Inclusive range, yyyyMMdd. */
  start: string;
  end: string;
  dimensions: SdkDimension[];
  metrics: SdkMetric[];
  /** null: no restriction (operations staff without an app filter); [] matches nothing. */
  appKeys: string[] | null;
  placementIds: string[] | null;
  adStyles: number[] | null;
  geos: string[] | null;
  /** Primary sort; must be a selected field, else ignored. */
  order: { field: string; dir: SortDir } | null;
  limit?: number;
  offset?: number;
};

/** The generic form of an SDK query. */
export function toReportQuery(q: SdkQuery): ReportQuery {
  const { appKeys, placementIds, adStyles, geos, ...rest } = q;
  return {
    ...rest,
    filters: { app_key: appKeys, placement_id: placementIds, ad_style: adStyles, geo: geos },
  };
}

/** True when the query can read the daily rollup (no hour shown). */
export function usesDailyRollup(q: Pick<SdkQuery, 'dimensions'>): boolean {
  return !q.dimensions.includes('hour');
}

/** One page of grouped rows: columns are the dimensions then the metrics, named by field. */
export function buildSdkListSql(q: SdkQuery): BuiltSql {
  return buildListSql(sdkDef, toReportQuery(q));
}

/** Number of grouped rows of the list (`count` of api-contract §8), as column `n`. */
export function buildSdkCountSql(q: SdkQuery): BuiltSql {
  return buildCountSql(sdkDef, toReportQuery(q));
}

/** One row of every metric over the whole filter (`total` of api-contract §8). */
export function buildSdkTotalSql(q: SdkQuery): BuiltSql {
  return buildTotalSql(sdkDef, toReportQuery(q));
}

/**
 * The SDK report's query in its own terms (the SDK parameters and the latency bench) and its generic
 * form, which query-builder.ts runs over `sdkDef` (report-defs.ts). A query that does not show the
 * hour reads the `sdk_daily` rollup.
 */
import type { ReportQuery, SortDir } from './query-builder.ts';

export type { SortDir };

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

/**
 * The SDK report's query in its own terms (the SDK parameters and the latency bench) and its generic
 * form, which query-builder.ts runs over `sdkDef` (report-defs.ts). A query that does not show the
 * hour reads the `sdk_daily` rollup.
 */
import { dimensionsOf, metricsOf } from '@portal/contracts/report-registry/define-report.ts';
import { sdkReport } from '@portal/contracts/report-registry/sdk.ts';
import type { ReportQuery, SortDir } from './query-builder.ts';

export type { SortDir };

/** The SDK report's dimensions and metrics, in display order (contracts report-registry/sdk.ts). */
export const sdkDimensions: readonly string[] = dimensionsOf(sdkReport);
export const sdkMetrics: readonly string[] = metricsOf(sdkReport);
/** A field name of the SDK declaration (checked against it when parsed: sdk-params.ts). */
export type SdkDimension = string;
export type SdkMetric = string;

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

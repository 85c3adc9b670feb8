/**
 * Storage layout of the SDK report facts (architecture §Stores, api-contract §8).
 *
 * - `sdk_hourly`: one row per (dt, hour, app_key, placement, geo) with the raw counters; revenue is an
 *   exact DECIMAL(18,6) in US dollars, never binary float.
 * - `sdk_daily`: the same keys minus `hour`, exact sums of `sdk_hourly`. The query builder reads it
 *   whenever a query neither shows nor filters the hour (about 24× fewer rows).
 *
 * Rows are inserted `ORDER BY app_key, dt`, so each row group covers few publishers and days and
 * DuckDB's zone maps (min/max per row group) skip the rest for a scoped query.
 */

export const SDK_HOURLY = 'sdk_hourly';
export const SDK_DAILY = 'sdk_daily';

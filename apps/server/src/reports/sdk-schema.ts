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

/** DDL, idempotent; run at every open. */
export const sdkSchemaSql = [
  `CREATE TABLE IF NOT EXISTS ${SDK_HOURLY} (
    dt DATE NOT NULL,
    hour UTINYINT NOT NULL,
    app_key VARCHAR NOT NULL,
    placement_id VARCHAR NOT NULL,
    placement_name VARCHAR NOT NULL,
    ad_style UTINYINT NOT NULL,
    geo VARCHAR NOT NULL,
    request BIGINT NOT NULL,
    response BIGINT NOT NULL,
    impression BIGINT NOT NULL,
    click BIGINT NOT NULL,
    revenue DECIMAL(18, 6) NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS ${SDK_DAILY} (
    dt DATE NOT NULL,
    app_key VARCHAR NOT NULL,
    placement_id VARCHAR NOT NULL,
    placement_name VARCHAR NOT NULL,
    ad_style UTINYINT NOT NULL,
    geo VARCHAR NOT NULL,
    request BIGINT NOT NULL,
    response BIGINT NOT NULL,
    impression BIGINT NOT NULL,
    click BIGINT NOT NULL,
    revenue DECIMAL(18, 6) NOT NULL
  )`,
];

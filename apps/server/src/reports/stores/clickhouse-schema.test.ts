/**
 * The ClickHouse DDL as text: a single server's schema (and the import's staging DDL) stays exactly
 * what it was before clusters existed.
 */
import { describe, expect, it } from 'vitest';
import { factTables, sdkFacts } from '../fact-tables.ts';
import { baseTableDdl, clickhouseSchemaSql, rollupTableDdl, rollupViewDdl } from './clickhouse-schema.ts';

describe('ClickHouse schema on one server', () => {
  it('is byte for byte the DDL of before REPORT_STORE_CLUSTER', () => {
    expect(clickhouseSchemaSql(Object.values(factTables))).toMatchInlineSnapshot(`
      [
        "CREATE TABLE IF NOT EXISTS sdk_hourly (dt Date, hour UInt8, app_key String, placement_id String, placement_name String, ad_style UInt8, geo String, request Int64, response Int64, impression Int64, click Int64, revenue Decimal(18, 6))
          ENGINE = MergeTree PARTITION BY dt ORDER BY (app_key, dt)",
        "CREATE TABLE IF NOT EXISTS sdk_daily (dt Date, app_key String, placement_id String, placement_name String, ad_style UInt8, geo String, request SimpleAggregateFunction(sum, Int64), response SimpleAggregateFunction(sum, Int64), impression SimpleAggregateFunction(sum, Int64), click SimpleAggregateFunction(sum, Int64), revenue SimpleAggregateFunction(sum, Decimal(38, 6)))
          ENGINE = AggregatingMergeTree PARTITION BY dt ORDER BY (app_key, dt, placement_id, placement_name, ad_style, geo)",
        "CREATE MATERIALIZED VIEW IF NOT EXISTS sdk_daily_mv TO sdk_daily
          AS SELECT dt, app_key, placement_id, placement_name, ad_style, geo, sum(request) AS request, sum(response) AS response, sum(impression) AS impression, sum(click) AS click, sum(revenue) AS revenue FROM sdk_hourly GROUP BY dt, app_key, placement_id, placement_name, ad_style, geo",
        "CREATE TABLE IF NOT EXISTS rtb_daily (dt Date, channel String, app_key String, placement_id String, placement_name String, placement_type UInt8, country String, request Int64, response Int64, winning_bid Int64, impression Int64, click Int64, revenue Decimal(18, 6))
          ENGINE = MergeTree PARTITION BY dt ORDER BY (channel, dt)",
        "CREATE TABLE IF NOT EXISTS affiliate_2023_hourly (dt Date, hour UInt8, channel String, sub_channel String, offer_id String, pkg_name String, geo String, click Int64, conversion Int64, reject Int64, revenue Decimal(18, 6))
          ENGINE = MergeTree PARTITION BY dt ORDER BY (channel, dt)",
        "CREATE TABLE IF NOT EXISTS affiliate_2023_daily (dt Date, channel String, sub_channel String, offer_id String, pkg_name String, geo String, click SimpleAggregateFunction(sum, Int64), conversion SimpleAggregateFunction(sum, Int64), reject SimpleAggregateFunction(sum, Int64), revenue SimpleAggregateFunction(sum, Decimal(38, 6)))
          ENGINE = AggregatingMergeTree PARTITION BY dt ORDER BY (channel, dt, sub_channel, offer_id, pkg_name, geo)",
        "CREATE MATERIALIZED VIEW IF NOT EXISTS affiliate_2023_daily_mv TO affiliate_2023_daily
          AS SELECT dt, channel, sub_channel, offer_id, pkg_name, geo, sum(click) AS click, sum(conversion) AS conversion, sum(reject) AS reject, sum(revenue) AS revenue FROM affiliate_2023_hourly GROUP BY dt, channel, sub_channel, offer_id, pkg_name, geo",
        "CREATE TABLE IF NOT EXISTS affiliate_2024_hourly (dt Date, hour UInt8, channel String, sub_channel String, offer_id String, pkg_name String, geo String, click Int64, conversion Int64, reject Int64, revenue Decimal(18, 6))
          ENGINE = MergeTree PARTITION BY dt ORDER BY (channel, dt)",
        "CREATE TABLE IF NOT EXISTS affiliate_2024_daily (dt Date, channel String, sub_channel String, offer_id String, pkg_name String, geo String, click SimpleAggregateFunction(sum, Int64), conversion SimpleAggregateFunction(sum, Int64), reject SimpleAggregateFunction(sum, Int64), revenue SimpleAggregateFunction(sum, Decimal(38, 6)))
          ENGINE = AggregatingMergeTree PARTITION BY dt ORDER BY (channel, dt, sub_channel, offer_id, pkg_name, geo)",
        "CREATE MATERIALIZED VIEW IF NOT EXISTS affiliate_2024_daily_mv TO affiliate_2024_daily
          AS SELECT dt, channel, sub_channel, offer_id, pkg_name, geo, sum(click) AS click, sum(conversion) AS conversion, sum(reject) AS reject, sum(revenue) AS revenue FROM affiliate_2024_hourly GROUP BY dt, channel, sub_channel, offer_id, pkg_name, geo",
        "CREATE TABLE IF NOT EXISTS affiliate_2023_reject (dt Date, hour UInt8, channel String, sub_channel String, offer_id String, pkg_name String, geo String, reject_reason String, reject_num Int64)
          ENGINE = MergeTree PARTITION BY dt ORDER BY (channel, dt)",
        "CREATE TABLE IF NOT EXISTS affiliate_2024_reject (dt Date, hour UInt8, channel String, sub_channel String, offer_id String, pkg_name String, geo String, reject_reason String, reject_num Int64)
          ENGINE = MergeTree PARTITION BY dt ORDER BY (channel, dt)",
        "CREATE TABLE IF NOT EXISTS game_daily (dt Date, app_key String, pkg_name String, nation String, uv_impression Int64, pv_impression Int64, uv_click Int64, pv_click Int64, uv_in Int64, pv_in Int64, uv_begin Int64, pv_begin Int64, uv_entry Int64, pv_entry Int64)
          ENGINE = MergeTree PARTITION BY dt ORDER BY (app_key, dt)",
        "CREATE TABLE IF NOT EXISTS gx_daily (dt Date, app_key String, pkg_name String, ad_placement_id String, ad_format UInt8, geo String, request Int64, fill Int64, imp Int64, click Int64, revenue Decimal(18, 6))
          ENGINE = MergeTree PARTITION BY dt ORDER BY (app_key, dt)",
      ]
    `);
    expect([
      baseTableDdl(sdkFacts, 'sdk_hourly__stage_ab12'),
      rollupTableDdl(sdkFacts, 'sdk_daily__stage_ab12'),
      rollupViewDdl(sdkFacts, 'sdk_hourly__stage_mv_ab12', 'sdk_hourly__stage_ab12', 'sdk_daily__stage_ab12'),
    ]).toMatchInlineSnapshot(`
      [
        "CREATE TABLE IF NOT EXISTS sdk_hourly__stage_ab12 (dt Date, hour UInt8, app_key String, placement_id String, placement_name String, ad_style UInt8, geo String, request Int64, response Int64, impression Int64, click Int64, revenue Decimal(18, 6))
          ENGINE = MergeTree PARTITION BY dt ORDER BY (app_key, dt)",
        "CREATE TABLE IF NOT EXISTS sdk_daily__stage_ab12 (dt Date, app_key String, placement_id String, placement_name String, ad_style UInt8, geo String, request SimpleAggregateFunction(sum, Int64), response SimpleAggregateFunction(sum, Int64), impression SimpleAggregateFunction(sum, Int64), click SimpleAggregateFunction(sum, Int64), revenue SimpleAggregateFunction(sum, Decimal(38, 6)))
          ENGINE = AggregatingMergeTree PARTITION BY dt ORDER BY (app_key, dt, placement_id, placement_name, ad_style, geo)",
        "CREATE MATERIALIZED VIEW IF NOT EXISTS sdk_hourly__stage_mv_ab12 TO sdk_daily__stage_ab12
          AS SELECT dt, app_key, placement_id, placement_name, ad_style, geo, sum(request) AS request, sum(response) AS response, sum(impression) AS impression, sum(click) AS click, sum(revenue) AS revenue FROM sdk_hourly__stage_ab12 GROUP BY dt, app_key, placement_id, placement_name, ad_style, geo",
      ]
    `);
  });
});

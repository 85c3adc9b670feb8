/**
 * Game centre report (spec §2, §3, §7; api-contract §8, §10): `GET /v1/report/list/game/sdk` (60 s
 * client timeout), `/v1/report/list/game/sdk/export`, `/v1/report/list/game/sdk/app`.
 *
 * Dimensions: `datepart` (yyyy-MM-dd), `app` (object `{ app_name, pkg_name }`), `nation` (ISO alpha-2).
 * Metrics: UV and PV of the five steps of the game-centre funnel — game-centre entry (`entry`),
 * exposure (`impression`), click, entry into a game (`in`), start (`begin`) — and the four step
 * rates, ratios of sums over the group (0 over zero): `*_impression_rate` = impression/entry,
 * `*_click_rate` = click/impression, `*_in_rate` = in/click, `*_begin_rate` = begin/in. A UV over
 * several days or apps is the sum of the daily UVs (the web says so in the column's tooltip).
 * Scope: the caller's SDK apps.
 */
import { z } from 'zod';
import { compareListData, viewParams } from './report-view.ts';
import { type CatalogueField, dataFreshness } from './reports.ts';
import { dim, exportParams, metric } from './reports-columns.ts';

export const gameDimensions = ['datepart', 'app', 'nation'] as const;
export type GameDimension = (typeof gameDimensions)[number];

/** Game fields: the three dimensions then the metrics, in display order. */
export const gameCatalogue: CatalogueField[] = [
  dim('datepart', 'date', '日期', 'Date'),
  dim('app', 'string', '应用', 'App'),
  dim('nation', 'string', '国家/地区', 'Country'),
  metric('uv_entry', 'int', '游戏中心入口 UV', 'Game centre entry UV'),
  metric('pv_entry', 'int', '游戏中心入口 PV', 'Game centre entry PV'),
  metric('uv_impression', 'int', '曝光 UV', 'Exposure UV'),
  metric('pv_impression', 'int', '曝光 PV', 'Exposure PV'),
  metric('uv_impression_rate', 'percent', 'UV 曝光率', 'UV impression rate'),
  metric('pv_impression_rate', 'percent', 'PV 曝光率', 'PV impression rate'),
  metric('uv_click', 'int', '点击 UV', 'Click UV'),
  metric('pv_click', 'int', '点击 PV', 'Click PV'),
  metric('uv_click_rate', 'percent', 'UV 点击率', 'UV click rate'),
  metric('pv_click_rate', 'percent', 'PV 点击率', 'PV click rate'),
  metric('uv_in', 'int', '进入游戏 UV', 'Game entry UV'),
  metric('pv_in', 'int', '进入游戏 PV', 'Game entry PV'),
  metric('uv_in_rate', 'percent', 'UV 进入率', 'UV in rate'),
  metric('pv_in_rate', 'percent', 'PV 进入率', 'PV in rate'),
  metric('uv_begin', 'int', '开始游戏 UV', 'Start UV'),
  metric('pv_begin', 'int', '开始游戏 PV', 'Start PV'),
  metric('uv_begin_rate', 'percent', 'UV 开始率', 'UV begin rate'),
  metric('pv_begin_rate', 'percent', 'PV 开始率', 'PV begin rate'),
];

/** The five funnel steps, in order (api-contract §10); each has `uv_<step>` and `pv_<step>`. */
export const gameFunnelSteps = ['entry', 'impression', 'click', 'in', 'begin'] as const;

/** Whether `field` is a UV count (summed over days when a row or the total covers several). */
export const isGameUvCount = (field: string): boolean =>
  (gameFunnelSteps as readonly string[]).some((s) => field === `uv_${s}`);

/** Defaults when nothing is saved under `gameReportColumns`. */
export const gameDefaultDimensions: GameDimension[] = ['datepart', 'app'];
export const gameDefaultMetrics = [
  'uv_entry',
  'uv_impression',
  'uv_impression_rate',
  'uv_click',
  'uv_click_rate',
  'uv_in',
  'uv_begin',
];

/**
 * `GET /v1/report/list/game/sdk` query (spec §7): `start_date`, `end_date` yyyy-MM-dd (same date rules
 * as the other reports); `data_dimension`, `data_metrics` comma lists of catalogue fields (empty →
 * defaults); `sort` a shown field (else dropped; default datepart desc), `order_by` 1 asc, 2 desc
 * (default 2); `page_no` from 1, `page_size` default 10; `pkg_name`, `country` comma lists.
 */
export const gameListQuery = z.object({
  start_date: z.string().default(''),
  end_date: z.string().default(''),
  ...viewParams,
  data_dimension: z.string().optional(),
  data_metrics: z.string().optional(),
  sort: z.string().optional(),
  order_by: z.coerce.number().int().min(1).max(2).default(2),
  page_no: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(1000).default(10),
  pkg_name: z.string().optional(),
  country: z.string().optional(),
});
export type GameListQuery = z.infer<typeof gameListQuery>;

/**
 * `GET /v1/report/list/game/sdk/export`: without paging. `fields`: the page's columns in its order
 * (dimensions and metrics mixed); when sent, they are the file's columns in that order, grouping by
 * the dimensions among them, and `data_dimension`/`data_metrics` are ignored. `titles` comma-joined,
 * one per position of `fields` (without `fields`: dimensions then metrics). api-contract §10.
 */
export const gameExportQuery = gameListQuery
  .omit({ page_no: true, page_size: true })
  .extend({ fields: z.string().optional(), titles: z.string().optional(), ...exportParams });
export type GameExportQuery = z.infer<typeof gameExportQuery>;

/** The `app` dimension value. */
export const gameApp = z.object({ app_name: z.string(), pkg_name: z.string() });
export type GameApp = z.infer<typeof gameApp>;

const cell = z.union([z.string(), z.number(), z.null(), gameApp]);
/** A game row: `datepart` string, `app` object, `nation` string, metrics numbers. */
export type GameRow = Record<string, z.infer<typeof cell>>;

/** `GET /v1/report/list/game/sdk` data. */
export const gameListData = z.object({
  list: z.array(z.record(z.string(), cell)),
  count: z.number().int(),
  total: z.record(z.string(), z.union([z.number(), z.null()])),
  ...compareListData,
  ...dataFreshness,
});
export type GameListData = z.infer<typeof gameListData>;

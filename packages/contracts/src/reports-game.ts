/**
 * Game centre report (spec §2, §3, §7; api-contract §8): `GET /v1/report/list/game/sdk` (60 s client
 * timeout), `/v1/report/list/game/sdk/export`, `/v1/report/list/game/sdk/app`.
 *
 * Dimensions: `datepart` (yyyy-MM-dd), `app` (object `{ app_name, pkg_name }`), `nation` (ISO alpha-2).
 * Metrics: UV and PV of the four steps of the game-centre funnel — entry exposure (`impression`),
 * click, entry (`in`), start (`begin`) — and their step rates, ratios of sums over the group:
 * `*_click_rate` = click/impression, `*_in_rate` = in/click, `*_begin_rate` = begin/in (0 over zero).
 * A UV over several days or apps is the sum of the daily UVs. Scope: the caller's SDK apps.
 */
import { z } from 'zod';
import type { CatalogueField } from './reports.ts';
import { dim, exportParams, metric } from './reports-columns.ts';

export const gameDimensions = ['datepart', 'app', 'nation'] as const;
export type GameDimension = (typeof gameDimensions)[number];

/** Game fields: the three dimensions then the metrics, in display order. */
export const gameCatalogue: CatalogueField[] = [
  dim('datepart', 'date', '日期', 'Date'),
  dim('app', 'string', '应用', 'App'),
  dim('nation', 'string', '国家/地区', 'Country'),
  metric('uv_impression', 'int', '入口曝光 UV', 'Entry exposure UV'),
  metric('pv_impression', 'int', '入口曝光 PV', 'Entry exposure PV'),
  metric('uv_click', 'int', '入口点击 UV', 'Entry click UV'),
  metric('pv_click', 'int', '入口点击 PV', 'Entry click PV'),
  metric('uv_click_rate', 'percent', 'UV 点击率', 'UV click rate'),
  metric('pv_click_rate', 'percent', 'PV 点击率', 'PV click rate'),
  metric('uv_in', 'int', '进入 UV', 'Entry UV'),
  metric('pv_in', 'int', '进入 PV', 'Entry PV'),
  metric('uv_in_rate', 'percent', 'UV 进入率', 'UV entry rate'),
  metric('pv_in_rate', 'percent', 'PV 进入率', 'PV entry rate'),
  metric('uv_begin', 'int', '开始游戏 UV', 'Start UV'),
  metric('pv_begin', 'int', '开始游戏 PV', 'Start PV'),
  metric('uv_begin_rate', 'percent', 'UV 开始率', 'UV start rate'),
  metric('pv_begin_rate', 'percent', 'PV 开始率', 'PV start rate'),
];

/** Defaults when nothing is saved under `gameReportColumns`. */
export const gameDefaultDimensions: GameDimension[] = ['datepart', 'app'];
export const gameDefaultMetrics = ['uv_impression', 'uv_click', 'uv_click_rate', 'uv_in', 'uv_begin'];

/**
 * `GET /v1/report/list/game/sdk` query (spec §7): `start_date`, `end_date` yyyy-MM-dd (same date rules
 * as the other reports); `data_dimension`, `data_metrics` comma lists of catalogue fields (empty →
 * defaults); `sort` a shown field (else dropped; default datepart desc), `order_by` 1 asc, 2 desc
 * (default 2); `page_no` from 1, `page_size` default 10; `pkg_name`, `country` comma lists.
 */
export const gameListQuery = z.object({
  start_date: z.string(),
  end_date: z.string(),
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

/** `GET /v1/report/list/game/sdk/export`: without paging; `titles` comma-joined, dimensions then metrics. */
export const gameExportQuery = gameListQuery
  .omit({ page_no: true, page_size: true })
  .extend({ titles: z.string().optional(), ...exportParams });
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
});
export type GameListData = z.infer<typeof gameListData>;

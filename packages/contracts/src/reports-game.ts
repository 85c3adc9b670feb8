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
import {
  type CatalogueField,
  catalogueOf,
  defaultsOf,
  dimensionsOf,
  metricsOf,
} from './report-registry/define-report.ts';
import { gameReport } from './report-registry/game.ts';
import { compareListData } from './report-view.ts';
import { dataFreshness } from './reports.ts';

export const gameDimensions = ['datepart', 'app', 'nation'] as const;
export type GameDimension = (typeof gameDimensions)[number];

/** Game fields: the three dimensions then the metrics, in display order (report-registry/game.ts). */
export const gameCatalogue: CatalogueField[] = catalogueOf(gameReport);

/** The five funnel steps, in order (api-contract §10); each has `uv_<step>` and `pv_<step>`. */
export const gameFunnelSteps = ['entry', 'impression', 'click', 'in', 'begin'] as const;

/** Whether `field` is a UV count (summed over days when a row or the total covers several). */
export const isGameUvCount = (field: string): boolean =>
  (gameFunnelSteps as readonly string[]).some((s) => field === `uv_${s}`);

/** Defaults when nothing is saved under `gameReportColumns`: its declaration's, split by type. */
export const gameDefaultDimensions = defaultsOf(gameReport).filter((f) =>
  dimensionsOf(gameReport).includes(f),
) as GameDimension[];
export const gameDefaultMetrics: string[] = defaultsOf(gameReport).filter((f) =>
  metricsOf(gameReport).includes(f),
);

/**
 * The list query (spec §7, from the declaration: reports-declared.ts, endpoints/reports.ts):
 * `start_date`, `end_date` yyyy-MM-dd (same date rules as the other reports); `data_dimension`,
 * `data_metrics` comma lists of catalogue fields (empty → defaults); `sort` a shown field (else
 * dropped; default datepart desc), `order_by` 1 asc, 2 desc (default 2); `page_no` from 1,
 * `page_size` default 10; `pkg_name`, `country` comma lists. The export takes it without paging, plus
 * `fields`: the page's columns in its order (dimensions and metrics mixed); when sent, they are the
 * file's columns in that order, grouping by the dimensions among them, and `data_dimension`/
 * `data_metrics` are ignored; `titles` comma-joined, one per position of `fields` (without `fields`:
 * dimensions then metrics). api-contract §10.
 */

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

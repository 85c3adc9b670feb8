/**
 * Deterministic game-centre facts (api-contract §7, the five-step funnel of §10), daily per app and
 * country: a share of the app's users enter the in-app game centre (UV), several times each (PV);
 * 70–95 % of them are exposed to games, 6–15 % of those click one, 65–90 % of clickers enter a game,
 * 45–80 % of those start it. Same seed → same rows.
 */
import { gameFacts } from '../reports/fact-tables.ts';
import type { ReportStore } from '../reports/store.ts';
import { createGeoTable, daysCte, deleteDays, draw, insertRows, rangeOf, u, weekday } from './gen-sql.ts';
import type { GenerateOptions } from './rtb-generator.ts';

/** An app with a game centre; `weight` 1 for the largest (~400k daily exposed users). */
export type GameApp = { app_key: string; pkg_name: string; weight: number };

const TOP_DAILY_UV = 400_000;

/** The insert's columns, in the order the final SELECT gives them. */
const gameColumns =
  'dt, app_key, pkg_name, nation, uv_impression, pv_impression, uv_click, pv_click, uv_in, pv_in, uv_begin, pv_begin, uv_entry, pv_entry';

/** Generates (replacing the range) game facts for `apps`; returns the rows written. */
export async function generateGameFacts(
  store: ReportStore,
  apps: GameApp[],
  opts: GenerateOptions,
): Promise<number> {
  const range = rangeOf(opts.endDate, opts.days);
  const seed = Math.trunc(opts.seed) + 7;
  const k = ['app_key', 'nation', 'dt'];
  return store.write(async (run, read) => {
    await createGeoTable(run);
    await run('CREATE OR REPLACE TEMP TABLE gen_game_app (app_key VARCHAR, pkg_name VARCHAR, w DOUBLE)');
    await insertRows(
      run,
      'gen_game_app',
      apps.map((a) => [a.app_key, a.pkg_name, a.weight]),
    );
    await deleteDays(run, gameFacts, range);
    await run(
      `INSERT INTO ${gameFacts.daily} (${gameColumns})
       WITH ${daysCte},
       ag AS (
         SELECT a.*, g.geo AS nation, g.weight * (0.3 + 1.4 * ${u("'ggeo'", 'a.app_key', 'g.geo')}) AS gw,
                row_number() OVER (PARTITION BY a.app_key ORDER BY g.weight * (0.3 + 1.4 * ${u("'ggeo'", 'a.app_key', 'g.geo')}) DESC, g.geo) AS rk
         FROM gen_game_app a CROSS JOIN gen_geo g
       ), b AS (
         SELECT d.dt, ag.app_key, ag.pkg_name, ag.nation,
                ${TOP_DAILY_UV} * ag.w * ag.gw / sum(ag.gw) OVER (PARTITION BY d.dt, ag.app_key)
                  * ${weekday('d.dt')} * (0.9 + 0.2 * ${u("'gday'", 'ag.app_key', 'd.dt')}) AS expected
         FROM days d CROSS JOIN ag WHERE ag.rk <= 15
       ), s0 AS (
         SELECT *, ${draw('expected', "'uve'", ...k)} AS uv_entry FROM b
       ), s1 AS (
         SELECT *, ${draw(`uv_entry * (1.2 + 0.4 * ${u("'pve'", ...k)})`, "'pve2'", ...k)} AS pv_entry,
                ${draw(`uv_entry * (0.7 + 0.25 * ${u("'uvi'", ...k)})`, "'uvi2'", ...k)} AS uv_impression
         FROM s0 WHERE uv_entry > 0
       ), s2 AS (
         SELECT *, ${draw(`uv_impression * (1.4 + 0.8 * ${u("'pvi'", ...k)})`, "'pvi2'", ...k)} AS pv_impression,
                ${draw(`uv_impression * (0.06 + 0.09 * ${u("'uvc'", ...k)})`, "'uvc2'", ...k)} AS uv_click
         FROM s1
       ), s3 AS (
         SELECT *, ${draw(`uv_click * (1.1 + 0.5 * ${u("'pvc'", ...k)})`, "'pvc2'", ...k)} AS pv_click,
                ${draw(`uv_click * (0.65 + 0.25 * ${u("'uvn'", ...k)})`, "'uvn2'", ...k)} AS uv_in
         FROM s2
       ), s4 AS (
         SELECT *, ${draw(`pv_click * (0.65 + 0.25 * ${u("'pvn'", ...k)})`, "'pvn2'", ...k)} AS pv_in,
                ${draw(`uv_in * (0.45 + 0.35 * ${u("'uvb'", ...k)})`, "'uvb2'", ...k)} AS uv_begin
         FROM s3
       )
       SELECT dt, app_key, pkg_name, nation, uv_impression, pv_impression, uv_click, pv_click, uv_in, pv_in,
              uv_begin, ${draw(`greatest(uv_begin, pv_in * (0.45 + 0.35 * ${u("'pvb'", ...k)}))`, "'pvb2'", ...k)} AS pv_begin,
              uv_entry, pv_entry
       FROM s4
       ORDER BY app_key, dt`,
      { ...range, seed },
    );
    const [row] = await read(
      `SELECT count(*) AS n FROM ${gameFacts.daily} WHERE dt BETWEEN $start::DATE AND $end::DATE`,
      range,
    );
    await run('DROP TABLE IF EXISTS gen_game_app');
    return Number(row?.n ?? 0);
  });
}

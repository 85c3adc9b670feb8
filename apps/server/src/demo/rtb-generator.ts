/**
 * Deterministic RTB daily facts (api-contract §7), generated in SQL: for each RTB network (channel),
 * a handful of bidder-side apps with a Zipf-like size, 2–3 placements each and their top countries.
 * Bid requests → responses (fill 40–80 % by tier) → winning bids (win rate 20–60 %) → impressions
 * (90–98 % of wins) → clicks (CTR ~0.3–2 %); revenue from the tier eCPM. Same seed → same rows.
 */
import { type FactTable, rtbFacts } from '../reports/fact-tables.ts';
import type { ReportStore } from '../reports/store.ts';
import { createGeoTable, daysCte, deleteDays, draw, insertRows, rangeOf, u, weekday } from './gen-sql.ts';

export type RtbChannel = { channel: string; weight: number; apps: number };
export type GenerateOptions = { days: number; endDate: string; seed: number };

/** Daily bid requests of the largest app of a weight-1 network. */
const TOP_DAILY_REQUESTS = 4_000_000;

/** Generates (replacing the range) RTB facts for `channels`; returns the rows written. */
export async function generateRtbFacts(
  store: ReportStore,
  channels: RtbChannel[],
  opts: GenerateOptions,
): Promise<number> {
  const table: FactTable = rtbFacts;
  const range = rangeOf(opts.endDate, opts.days);
  const seed = Math.trunc(opts.seed);
  return store.write(async (run, read) => {
    await createGeoTable(run);
    await run('CREATE OR REPLACE TEMP TABLE gen_rtb_channel (channel VARCHAR, w DOUBLE, apps INTEGER)');
    await insertRows(
      run,
      'gen_rtb_channel',
      channels.map((c) => [c.channel, c.weight, c.apps]),
    );
    await deleteDays(run, table, range);
    await run(
      // Columns by name: a counter added to the table later (fact-tables.ts) keeps its DEFAULT 0.
      `INSERT INTO ${table.daily} (dt, channel, app_key, placement_id, placement_name, placement_type, country,
                                  request, response, winning_bid, impression, click, revenue)
       WITH ${daysCte},
       app AS (
         SELECT c.channel, 'rtb-' || substr(md5(c.channel || '#' || a.i::VARCHAR), 1, 12) AS app_key,
                c.w / pow(a.i + 1, 1.1) AS w, a.i
         FROM gen_rtb_channel c, range(c.apps) a(i)
       ), place AS (
         SELECT app.*, app.app_key || '-' || s.slot AS placement_id, s.name AS placement_name,
                s.style AS placement_type, s.share, s.ctr
         FROM app, (VALUES (1, 'banner_top', 1, 0.55, 0.004), (2, 'interstitial_main', 2, 0.3, 0.015),
                           (3, 'native_feed', 3, 0.15, 0.01)) s(slot, name, style, share, ctr)
         WHERE s.slot <= 2 + (app.i % 2)
       ), geo AS (
         SELECT p.*, g.geo AS country, g.tier, g.ecpm, g.fill,
                g.weight * (0.3 + 1.4 * ${u("'rtbgeo'", 'p.app_key', 'g.geo')}) AS gw,
                row_number() OVER (PARTITION BY p.placement_id ORDER BY g.weight * (0.3 + 1.4 * ${u("'rtbgeo'", 'p.app_key', 'g.geo')}) DESC, g.geo) AS rk
         FROM place p CROSS JOIN gen_geo g
       ), b AS (
         SELECT d.dt, geo.*, ${TOP_DAILY_REQUESTS} * w * share * gw / sum(gw) OVER (PARTITION BY d.dt, placement_id)
                  * ${weekday('d.dt')} * (0.85 + 0.3 * ${u("'rtbday'", 'app_key', 'd.dt')}) AS expected
         FROM days d CROSS JOIN geo WHERE rk <= 18
       ), q AS (
         SELECT *, ${draw('expected', "'req'", 'placement_id', 'country', 'dt')} AS request FROM b
       ), r AS (
         SELECT *, ${draw(`request * least(0.95, fill * 0.85 * (0.9 + 0.2 * ${u("'f'", 'placement_id', 'country', 'dt')}))`, "'resp'", 'placement_id', 'country', 'dt')} AS response
         FROM q WHERE request > 0
       ), w AS (
         SELECT *, ${draw(`response * (0.2 + 0.4 * ${u("'win'", 'placement_id', 'country')}) * (0.9 + 0.2 * ${u("'wd'", 'placement_id', 'country', 'dt')})`, "'wb'", 'placement_id', 'country', 'dt')} AS winning_bid
         FROM r
       ), i AS (
         SELECT *, ${draw(`winning_bid * (0.9 + 0.08 * ${u("'ir'", 'placement_id', 'country', 'dt')})`, "'imp'", 'placement_id', 'country', 'dt')} AS impression
         FROM w
       )
       SELECT dt, channel, app_key, placement_id, placement_name, placement_type::UTINYINT, country,
              request, response, winning_bid, impression,
              ${draw(`impression * ctr * (0.7 + 0.6 * ${u("'ctr'", 'placement_id', 'country', 'dt')})`, "'clk'", 'placement_id', 'country', 'dt')} AS click,
              round(impression * ecpm * 0.6 * (0.8 + 0.4 * ${u("'ecpm'", 'placement_id', 'country', 'dt')}) / 1000.0, 6)::DECIMAL(18, 6) AS revenue
       FROM i
       ORDER BY channel, dt`,
      { ...range, seed },
    );
    const [row] = await read(
      `SELECT count(*) AS n FROM ${table.daily} WHERE dt BETWEEN $start::DATE AND $end::DATE`,
      range,
    );
    await run('DROP TABLE IF EXISTS gen_rtb_channel');
    return Number(row?.n ?? 0);
  });
}

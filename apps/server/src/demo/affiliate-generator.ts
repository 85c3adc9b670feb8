/**
 * Deterministic affiliate facts (api-contract §7 "affiliate rejects with reasons"), hourly, for one
 * `db_source`: each channel runs three of the network's offers through one or two sub-channels in
 * the offer's top three countries; clicks follow the local daily cycle, conversions 1–6 % of clicks,
 * revenue the offer's payout per conversion. Rejected conversions are drawn per reason first and the
 * row's `reject` is their sum, so the Reject Detail always adds up to the list's reject cell.
 * The daily rollup is rebuilt from the hourly rows. Same seed → same rows.
 */
import type { AffiliateDbSource } from '@portal/contracts/reports-affiliate.ts';
import { affiliateFacts, rejectFacts } from '../reports/fact-tables.ts';
import type { ReportStore } from '../reports/store.ts';
import {
  createGeoTable,
  daysCte,
  deleteDays,
  draw,
  hourCurveSql,
  insertRows,
  rangeOf,
  rebuildRollup,
  u,
  weekday,
} from './gen-sql.ts';
import type { GenerateOptions } from './rtb-generator.ts';

export type AffiliateChannel = { channel: string; weight: number };

/** The network's offers: id, promoted package, payout per conversion (USD), conversion rate. */
const offers: [string, string, number, number][] = [
  ['OF10231', 'com.shopnow.deals', 1.8, 0.03],
  ['OF10244', 'com.fitlife.tracker', 2.6, 0.02],
  ['OF10258', 'com.quickloan.app', 6.5, 0.008],
  ['OF10263', 'com.cityride.taxi', 1.2, 0.045],
  ['OF10277', 'com.streamplus.video', 3.1, 0.018],
  ['OF10282', 'com.casualgames.match3', 0.9, 0.06],
  ['OF10296', 'com.travelgo.booking', 4.2, 0.012],
  ['OF10305', 'com.foodie.delivery', 1.5, 0.035],
];

/** Reject reasons and their shares of rejected conversions. */
const reasons: [string, number][] = [
  ['Duplicate install', 0.28],
  ['Click to install time too short', 0.22],
  ['Proxy or VPN traffic', 0.16],
  ['Geo mismatch', 0.12],
  ['Device ID blacklisted', 0.1],
  ['Daily cap exceeded', 0.08],
  ['Bot traffic', 0.04],
];

/** Daily clicks of a weight-1 channel. */
const CHANNEL_DAILY_CLICKS = 25_000;

/** Generates (replacing the range) the hourly facts, rollup and reject reasons of `source`. */
export async function generateAffiliateFacts(
  store: ReportStore,
  source: AffiliateDbSource,
  channels: AffiliateChannel[],
  opts: GenerateOptions,
): Promise<{ hourlyRows: number; rejectRows: number }> {
  const facts = affiliateFacts[source];
  const rejects = rejectFacts[source];
  const range = rangeOf(opts.endDate, opts.days);
  const seed = Math.trunc(opts.seed) + (source === 'affiliate_2024' ? 2024 : 2023);
  return store.write(async (run, read) => {
    await createGeoTable(run);
    await run('CREATE OR REPLACE TEMP TABLE gen_aff_channel (channel VARCHAR, w DOUBLE)');
    await insertRows(
      run,
      'gen_aff_channel',
      channels.map((c) => [c.channel, c.weight]),
    );
    await run(
      'CREATE OR REPLACE TEMP TABLE gen_offer (offer_id VARCHAR, pkg_name VARCHAR, payout DOUBLE, cvr DOUBLE)',
    );
    await insertRows(run, 'gen_offer', offers);
    await run('CREATE OR REPLACE TEMP TABLE gen_reason (reject_reason VARCHAR, share DOUBLE)');
    await insertRows(run, 'gen_reason', reasons);
    await deleteDays(run, facts, range);
    await deleteDays(run, rejects, range);
    const key = ['b.channel', 'b.sub_channel', 'b.offer_id', 'b.geo', 'b.dt', 'b.hour'];
    await run(
      `CREATE OR REPLACE TEMP TABLE gen_aff_base AS
       WITH ${daysCte},
       co AS (
         SELECT c.channel, c.w, o.*,
                row_number() OVER (PARTITION BY c.channel ORDER BY ${u("'offer'", 'c.channel', 'o.offer_id')}) AS rk
         FROM gen_aff_channel c CROSS JOIN gen_offer o
       ), sub AS (
         SELECT co.*, lower(replace(co.channel, ' ', '')) || '_s' || s.i::VARCHAR AS sub_channel,
                (1.0 / (s.i + 1)) AS sw
         FROM co, range(3) s(i) WHERE co.rk <= 3 AND s.i < 1 + (co.rk % 2)
       ), g AS (
         SELECT sub.*, g.geo, g.utc_offset, g.tier,
                row_number() OVER (PARTITION BY sub.channel, sub.sub_channel, sub.offer_id
                                   ORDER BY g.weight * (0.3 + 1.4 * ${u("'ageo'", 'sub.offer_id', 'g.geo')}) DESC, g.geo) AS grk,
                g.weight * (0.3 + 1.4 * ${u("'ageo'", 'sub.offer_id', 'g.geo')}) AS gw
         FROM sub CROSS JOIN gen_geo g WHERE g.tier <= 3
       ), b AS (
         SELECT d.dt, h.hour::UTINYINT AS hour, g.channel, g.sub_channel, g.offer_id, g.pkg_name, g.geo,
                g.payout, g.cvr * (1.3 - 0.15 * g.tier) AS cvr,
                ${CHANNEL_DAILY_CLICKS} * g.w * g.sw / g.rk * g.gw / sum(g.gw) OVER (PARTITION BY d.dt, h.hour, g.channel, g.sub_channel, g.offer_id)
                  * ${weekday('d.dt')} * (0.85 + 0.3 * ${u("'aday'", 'g.channel', 'g.offer_id', 'd.dt')})
                  * list_extract(${hourCurveSql.list}, ((h.hour + floor(g.utc_offset))::INTEGER % 24 + 24) % 24 + 1) / ${hourCurveSql.sum}
                  AS expected
         FROM days d CROSS JOIN range(24) h(hour) CROSS JOIN g WHERE g.grk <= 3
       ), c AS (
         SELECT b.*, ${draw('expected', "'clk'", ...key)} AS click FROM b
       )
       SELECT *, ${draw(`click * cvr * (0.7 + 0.6 * ${u("'cv'", 'channel', 'sub_channel', 'offer_id', 'geo', 'dt', 'hour')})`, "'conv'", 'channel', 'sub_channel', 'offer_id', 'geo', 'dt', 'hour')} AS conversion
       FROM c WHERE click > 0`,
      { ...range, seed },
    );
    // Rejected conversions per reason: 8–35 % on top of the accepted ones, worse on some channels.
    await run(
      `INSERT INTO ${rejects.hourly} (dt, hour, channel, sub_channel, offer_id, pkg_name, geo, reject_reason, reject_num)
       SELECT * FROM (
       SELECT b.dt, b.hour, b.channel, b.sub_channel, b.offer_id, b.pkg_name, b.geo, r.reject_reason,
              ${draw(`b.conversion * (0.08 + 0.27 * ${u("'rj'", 'b.channel', 'b.offer_id')}) * r.share * 1.6`, "'rn'", 'b.channel', 'b.sub_channel', 'b.offer_id', 'b.geo', 'b.dt', 'b.hour', 'r.reject_reason')} AS reject_num
       FROM gen_aff_base b CROSS JOIN gen_reason r
       WHERE b.conversion > 0)
       WHERE reject_num > 0
       ORDER BY channel, dt`,
      { seed },
    );
    await run(
      // Columns by name: a counter added to the table later (fact-tables.ts) keeps its DEFAULT 0.
      `INSERT INTO ${facts.hourly} (dt, hour, channel, sub_channel, offer_id, pkg_name, geo, click, conversion, reject, revenue)
       WITH rj AS (
         SELECT dt, hour, channel, sub_channel, offer_id, geo, sum(reject_num)::BIGINT AS reject
         FROM ${rejects.hourly} WHERE dt BETWEEN $start::DATE AND $end::DATE
         GROUP BY ALL
       )
       SELECT b.dt, b.hour, b.channel, b.sub_channel, b.offer_id, b.pkg_name, b.geo, b.click, b.conversion,
              coalesce(rj.reject, 0), round(b.conversion * b.payout, 6)::DECIMAL(18, 6)
       FROM gen_aff_base b
       LEFT JOIN rj USING (dt, hour, channel, sub_channel, offer_id, geo)
       ORDER BY b.channel, b.dt`,
      range,
    );
    await rebuildRollup(run, facts, range);
    const [row] = await read(
      `SELECT (SELECT count(*) FROM ${facts.hourly} WHERE dt BETWEEN $start::DATE AND $end::DATE) AS h,
              (SELECT count(*) FROM ${rejects.hourly} WHERE dt BETWEEN $start::DATE AND $end::DATE) AS r`,
      range,
    );
    for (const t of ['gen_aff_channel', 'gen_offer', 'gen_reason', 'gen_aff_base'])
      await run(`DROP TABLE IF EXISTS ${t}`);
    return { hourlyRows: Number(row?.h ?? 0), rejectRows: Number(row?.r ?? 0) };
  });
}

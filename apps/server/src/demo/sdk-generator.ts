/**
 * Deterministic SDK hourly facts, generated inside the report store with SQL (generate_series and
 * hash-based pseudo-randomness), so millions of rows take seconds (api-contract §7 demo data).
 *
 * Shape of the traffic: a few large apps and a long tail (Zipf-like weights), a weekend bump and a
 * local-time daily cycle with a night trough, country tiers with different eCPMs and fill rates,
 * ad-style specific fill, impression rate (< 1) and CTR (~0.5–3 %). Counters use unbiased
 * probabilistic rounding, so low-traffic country-hours are sparse (no row when no request).
 *
 * Same inputs and seed → identical rows (within one DuckDB version); a different seed → different rows.
 * Every fact of a day depends only on (seed, app, placement, geo, day, hour), not on the range asked for.
 */
import { dayNumber, fromDayNumber } from '@portal/contracts/report-dates.ts';
import { SDK_DAILY, SDK_HOURLY } from '../reports/sdk-schema.ts';
import type { ReportParams, ReportStore, WriteRunner } from '../reports/store.ts';
import { type DemoGeo, demoGeos, hourCurve, styleShape, tierEcpm, tierFill } from './demo-geo.ts';

export type FactPlacement = { placement_id: string; placement_name: string; ad_style: number };
export type FactApp = {
  app_key: string;
  /** Relative size; omitted → a Zipf weight from a seeded ranking. The largest app does ~3M requests a day. */
  weight?: number;
  placements: FactPlacement[];
};

export type GenerateSdkFactsOptions = {
  apps: FactApp[];
  /** Number of days ending at `endDate` (inclusive). */
  days: number;
  /** Last day, yyyyMMdd. */
  endDate: string;
  seed: number;
  /**
   * Size multiplier (default 1): adds round(apps × (scale − 1)) synthetic long-tail apps
   * (keys `syn<seed>_<n>`, three placements each, no owner), so rows grow about linearly.
   */
  scale?: number;
};

export type GenerateSdkFactsResult = {
  hourlyRows: number;
  dailyRows: number;
  startDate: string;
  endDate: string;
};

/** Daily requests of the largest app. */
const TOP_APP_DAILY_REQUESTS = 3_000_000;
const BATCH = 200;

/**
 * Generates (replacing) the facts of `apps` over the range into `sdk_hourly` and the `sdk_daily`
 * rollup, each inserted sorted by (app_key, dt). Runs as one serialised store write.
 */
export async function generateSdkFacts(
  store: ReportStore,
  opts: GenerateSdkFactsOptions,
): Promise<GenerateSdkFactsResult> {
  if (!Number.isInteger(opts.days) || opts.days < 1) throw new Error('days must be a positive integer');
  const endN = dayNumber(opts.endDate);
  const startDate = fromDayNumber(endN - opts.days + 1);
  const seed = Math.trunc(opts.seed);
  const scale = opts.scale ?? 1;
  const synthetic = Math.max(0, Math.round(opts.apps.length * (scale - 1)));
  const range = { start: iso(startDate), end: iso(opts.endDate) };

  return store.write(async (run, read) => {
    await createInputs(run, opts.apps, seed, synthetic);
    const inGen = 'app_key IN (SELECT app_key FROM gen_app)';
    await run(`DELETE FROM ${SDK_HOURLY} WHERE dt BETWEEN $start::DATE AND $end::DATE AND ${inGen}`, range);
    await run(`DELETE FROM ${SDK_DAILY} WHERE dt BETWEEN $start::DATE AND $end::DATE AND ${inGen}`, range);
    await run(hourlyInsertSql(), { ...range, seed });
    await run(
      `INSERT INTO ${SDK_DAILY} (${DAILY_COLUMNS})
       SELECT dt, app_key, placement_id, placement_name, ad_style, geo,
              sum(request), sum(response), sum(impression), sum(click), sum(revenue)
       FROM ${SDK_HOURLY}
       WHERE dt BETWEEN $start::DATE AND $end::DATE AND ${inGen}
       GROUP BY dt, app_key, placement_id, placement_name, ad_style, geo
       ORDER BY app_key, dt`,
      range,
    );
    const [counts] = await read(
      `SELECT
         (SELECT count(*) FROM ${SDK_HOURLY} WHERE dt BETWEEN $start::DATE AND $end::DATE AND ${inGen}) AS h,
         (SELECT count(*) FROM ${SDK_DAILY} WHERE dt BETWEEN $start::DATE AND $end::DATE AND ${inGen}) AS d`,
      range,
    );
    for (const t of [
      'gen_app',
      'gen_app_in',
      'gen_place',
      'gen_place_in',
      'gen_app_geo',
      'gen_geo',
      'gen_style',
    ]) {
      await run(`DROP TABLE IF EXISTS ${t}`);
    }
    return {
      hourlyRows: Number(counts?.h ?? 0),
      dailyRows: Number(counts?.d ?? 0),
      startDate,
      endDate: opts.endDate,
    };
  });
}

/** A uniform [0, 1) from the seed and the given SQL expressions (tags are constant literals). */
function u(...parts: string[]): string {
  return `((hash($seed, ${parts.join(', ')}) % 1000003)::DOUBLE / 1000003.0)`;
}

function iso(yyyymmdd: string): string {
  return `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;
}

/** Temp tables: gen_geo, gen_style (constants), gen_app, gen_place, gen_app_geo (from the inputs). */
async function createInputs(run: WriteRunner, apps: FactApp[], seed: number, synthetic: number) {
  const geoRows = demoGeos
    .map(
      (g: DemoGeo) =>
        `('${g.geo}', ${g.tier}, ${g.weight}, ${g.utcOffset}, ${tierEcpm[g.tier]}, ${tierFill[g.tier]})`,
    )
    .join(', ');
  await run(
    `CREATE OR REPLACE TEMP TABLE gen_geo AS
     SELECT * FROM (VALUES ${geoRows}) v(geo, tier, weight, utc_offset, ecpm, fill)`,
  );
  const styleRows = Object.entries(styleShape)
    .map(([s, v]) => `(${Number(s)}, ${v.share}, ${v.fill}, ${v.ir}, ${v.ctr}, ${v.ecpm})`)
    .join(', ');
  await run(
    `CREATE OR REPLACE TEMP TABLE gen_style AS
     SELECT * FROM (VALUES ${styleRows}) v(ad_style, share, fill, ir, ctr, ecpm)`,
  );

  await run('CREATE OR REPLACE TEMP TABLE gen_app_in (app_key VARCHAR, w DOUBLE)');
  await run(
    'CREATE OR REPLACE TEMP TABLE gen_place_in (app_key VARCHAR, placement_id VARCHAR, placement_name VARCHAR, ad_style UTINYINT)',
  );
  for (let i = 0; i < apps.length; i += BATCH) {
    const chunk = apps.slice(i, i + BATCH);
    const params: ReportParams = {};
    const values = chunk.map((a, j) => {
      params[`k${j}`] = a.app_key;
      params[`w${j}`] = a.weight ?? null;
      return `($k${j}, $w${j}::DOUBLE)`;
    });
    await run(`INSERT INTO gen_app_in VALUES ${values.join(', ')}`, params);
  }
  const places = apps.flatMap((a) => a.placements.map((p) => ({ ...p, app_key: a.app_key })));
  for (let i = 0; i < places.length; i += BATCH) {
    const chunk = places.slice(i, i + BATCH);
    const params: ReportParams = {};
    const values = chunk.map((p, j) => {
      params[`k${j}`] = p.app_key;
      params[`i${j}`] = p.placement_id;
      params[`n${j}`] = p.placement_name;
      params[`s${j}`] = p.ad_style;
      return `($k${j}, $i${j}, $n${j}, $s${j})`;
    });
    await run(`INSERT INTO gen_place_in VALUES ${values.join(', ')}`, params);
  }
  if (synthetic > 0) {
    const key = `'syn' || $seed::VARCHAR || '_' || lpad(i::VARCHAR, 7, '0')`;
    await run(
      `INSERT INTO gen_app_in SELECT ${key}, 0.01 + 0.25 * pow(${u("'syn'", 'i')}, 3) FROM range($n) r(i)`,
      { seed, n: synthetic },
    );
    await run(
      `INSERT INTO gen_place_in
       SELECT ${key}, ${key} || '_' || s.ad_style, s.name, s.ad_style
       FROM range($n) r(i), (VALUES (1, 'Banner'), (2, 'Interstitial'), (6, 'Rewarded Video')) s(ad_style, name)`,
      { seed, n: synthetic },
    );
  }

  // Apps: explicit weight, or Zipf over a seeded ranking; size → daily requests and country breadth.
  await run(
    `CREATE OR REPLACE TEMP TABLE gen_app AS
     WITH ranked AS (
       SELECT app_key, coalesce(w, 1.0 / pow(row_number() OVER (ORDER BY hash($seed, app_key), app_key), 1.1)) AS w
       FROM gen_app_in
       WHERE app_key IN (SELECT app_key FROM gen_place_in)
     )
     SELECT app_key,
            ${TOP_APP_DAILY_REQUESTS} * w / max(w) OVER () AS daily,
            (15 + round(40 * pow(w / max(w) OVER (), 0.3)))::INTEGER AS n_geo,
            0.8 + 0.4 * ${u("'quality'", 'app_key')} AS quality
     FROM ranked`,
    { seed },
  );
  await run(
    `CREATE OR REPLACE TEMP TABLE gen_place AS
     WITH p AS (
       SELECT i.*, s.share * (0.6 + 0.8 * ${u("'pshare'", 'i.app_key', 'i.placement_id')}) AS raw_share
       FROM gen_place_in i JOIN gen_style s USING (ad_style)
     )
     SELECT app_key, placement_id, placement_name, ad_style, raw_share / sum(raw_share) OVER (PARTITION BY app_key) AS share
     FROM p`,
    { seed },
  );
  // Countries per app: the top n_geo by a noisy traffic weight, shares normalised within the app.
  await run(
    `CREATE OR REPLACE TEMP TABLE gen_app_geo AS
     WITH s AS (
       SELECT a.app_key, g.geo, g.tier, g.utc_offset, g.ecpm, g.fill, a.n_geo,
              g.weight * (0.25 + 1.5 * ${u("'geo'", 'a.app_key', 'g.geo')}) AS score
       FROM gen_app a CROSS JOIN gen_geo g
     ), r AS (
       SELECT *, row_number() OVER (PARTITION BY app_key ORDER BY score DESC, geo) AS rk FROM s
     )
     SELECT app_key, geo, tier, utc_offset, ecpm, fill, score / sum(score) OVER (PARTITION BY app_key) AS share
     FROM r WHERE rk <= n_geo`,
    { seed },
  );
}

/**
 * The columns the generator writes, by name: a counter added to the table later (fact-tables.ts) is
 * left to its DEFAULT 0 here until the generator learns to draw it.
 */
const DAILY_COLUMNS =
  'dt, app_key, placement_id, placement_name, ad_style, geo, request, response, impression, click, revenue';
const HOURLY_COLUMNS = DAILY_COLUMNS.replace('dt, ', 'dt, hour, ');

/** The generating INSERT: days × hours × placements × the app's countries, rows with requests only. */
function hourlyInsertSql(): string {
  const curveSum = hourCurve.reduce((a, b) => a + b, 0);
  const curve = `[${hourCurve.join(', ')}]`;
  const rowKey = ['b.app_key', 'b.placement_id', 'b.geo', 'b.dt', 'b.hour'];
  return `
    INSERT INTO ${SDK_HOURLY} (${HOURLY_COLUMNS})
    WITH days AS (
      SELECT CAST(d AS DATE) AS dt FROM generate_series($start::DATE, $end::DATE, INTERVAL 1 DAY) t(d)
    ), b AS (
      SELECT d.dt, h.hour::UTINYINT AS hour, p.app_key, p.placement_id, p.placement_name, p.ad_style, g.geo,
             g.ecpm * st.ecpm * a.quality AS ecpm_base,
             least(0.98, g.fill * st.fill) AS fill_base, st.ir AS ir_base, st.ctr AS ctr_base,
             a.daily * p.share * g.share
               * CASE isodow(d.dt) WHEN 5 THEN 1.05 WHEN 6 THEN 1.16 WHEN 7 THEN 1.2 ELSE 1 END
               * (1 + 0.08 * sin(2 * pi() * (d.dt - DATE '2020-01-01') / 365.0))
               * (0.9 + 0.2 * ${u("'day'", 'p.app_key', 'd.dt')})
               * list_extract(${curve}, ((h.hour + floor(g.utc_offset))::INTEGER % 24 + 24) % 24 + 1) / ${curveSum}
               AS expected
      FROM days d
      CROSS JOIN range(24) h(hour)
      CROSS JOIN gen_place p
      JOIN gen_app a ON a.app_key = p.app_key
      JOIN gen_app_geo g ON g.app_key = p.app_key
      JOIN gen_style st ON st.ad_style = p.ad_style
    ), q AS (
      SELECT b.*,
             floor(expected * (0.85 + 0.3 * ${u("'noise'", ...rowKey)}) + ${u("'req'", ...rowKey)})::BIGINT AS request,
             least(0.99, fill_base * (0.9 + 0.14 * ${u("'fill'", ...rowKey)})) AS fill,
             least(0.99, ir_base * (0.94 + 0.1 * ${u("'ir'", ...rowKey)})) AS ir,
             ctr_base * (0.7 + 0.6 * ${u("'ctr'", ...rowKey)}) AS ctr,
             ecpm_base * (0.85 + 0.3 * ${u("'ecpm'", ...rowKey)}) AS ecpm
      FROM b
    ), r AS (
      SELECT q.*, floor(request * fill + ${u("'resp'", 'q.app_key', 'q.placement_id', 'q.geo', 'q.dt', 'q.hour')})::BIGINT AS response
      FROM q WHERE request > 0
    ), i AS (
      SELECT r.*, floor(response * ir + ${u("'imp'", 'r.app_key', 'r.placement_id', 'r.geo', 'r.dt', 'r.hour')})::BIGINT AS impression
      FROM r
    )
    SELECT dt, hour, app_key, placement_id, placement_name, ad_style, geo,
           request, response, impression,
           floor(impression * ctr + ${u("'click'", 'i.app_key', 'i.placement_id', 'i.geo', 'i.dt', 'i.hour')})::BIGINT AS click,
           round(impression * ecpm / 1000.0, 6)::DECIMAL(18, 6) AS revenue
    FROM i
    ORDER BY app_key, dt`;
}

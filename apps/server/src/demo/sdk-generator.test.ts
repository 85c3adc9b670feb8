import { afterEach, describe, expect, it } from 'vitest';
import type { ReportStore } from '../reports/store.ts';
import { openDuckDbStore } from '../reports/stores/duckdb.ts';
import { type FactApp, generateSdkFacts } from './sdk-generator.ts';

const apps: FactApp[] = [
  {
    app_key: 'big',
    weight: 1,
    placements: [
      { placement_id: '11', placement_name: 'Banner', ad_style: 1 },
      { placement_id: '12', placement_name: 'Inter', ad_style: 2 },
      { placement_id: '13', placement_name: 'Reward', ad_style: 6 },
    ],
  },
  {
    app_key: 'mid',
    weight: 0.3,
    placements: [{ placement_id: '21', placement_name: 'Native', ad_style: 3 }],
  },
  {
    app_key: 'tail',
    weight: 0.05,
    placements: [{ placement_id: '31', placement_name: 'Banner', ad_style: 1 }],
  },
];

const opened: ReportStore[] = [];
async function generated(seed: number, opts: { days?: number; endDate?: string; scale?: number } = {}) {
  const store = await openDuckDbStore(':memory:');
  opened.push(store);
  const result = await generateSdkFacts(store, {
    apps,
    days: opts.days ?? 14,
    endDate: opts.endDate ?? '20260110',
    seed,
    scale: opts.scale,
  });
  return { store, result };
}

/** Order-independent checksum of every hourly fact. */
async function checksum(store: ReportStore) {
  const [row] = await store.query(
    `SELECT count(*) AS n, sum(request) AS req, sum(revenue)::VARCHAR AS rev,
            sum(hash(app_key, placement_id, geo, dt, hour, request, response, impression, click, revenue) % 1000000007) AS h
     FROM sdk_hourly`,
  );
  return row;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

describe('generateSdkFacts', () => {
  it('is deterministic for a seed and differs for another seed', async () => {
    const a = await generated(7);
    const b = await generated(7);
    const c = await generated(8);
    const ca = await checksum(a.store);
    expect(ca?.n).toBeGreaterThan(1000);
    expect(await checksum(b.store)).toEqual(ca);
    const cc = await checksum(c.store);
    expect(cc?.h).not.toEqual(ca?.h);
    expect(cc?.rev).not.toEqual(ca?.rev);
  });

  it('gives a day the same facts whatever range it is generated in', async () => {
    const short = await generated(7, { days: 3, endDate: '20260110' });
    const long = await generated(7, { days: 10, endDate: '20260112' });
    const q = `SELECT count(*) AS n, sum(revenue)::VARCHAR AS rev, sum(click) AS c FROM sdk_hourly WHERE dt = DATE '2026-01-09'`;
    const [s] = await short.store.query(q);
    expect(s?.n).toBeGreaterThan(0);
    expect(await long.store.query(q)).toEqual([s]);
    expect(short.result).toMatchObject({ startDate: '20260108', endDate: '20260110' });
  });

  it('keeps counters consistent and the daily rollup exactly equal to the hourly facts', async () => {
    const { store, result } = await generated(3);
    const [bad] = await store.query(
      `SELECT count(*) FILTER (WHERE response > request OR impression > response OR click > impression
                                 OR request <= 0 OR revenue < 0 OR hour > 23) AS n FROM sdk_hourly`,
    );
    expect(bad?.n).toBe(0);
    const sums =
      'sum(request) AS a, sum(response) AS b, sum(impression) AS c, sum(click) AS d, sum(revenue)::VARCHAR AS e';
    const [hourly] = await store.query(`SELECT count(*) AS n, ${sums} FROM sdk_hourly`);
    const [daily] = await store.query(`SELECT count(*) AS n, ${sums} FROM sdk_daily`);
    expect(hourly?.n).toBe(result.hourlyRows);
    expect(daily?.n).toBe(result.dailyRows);
    expect({ ...daily, n: 0 }).toEqual({ ...hourly, n: 0 });
    const [keys] = await store.query(
      `SELECT count(*) AS n FROM (SELECT dt, app_key, placement_id, geo FROM sdk_hourly GROUP BY ALL)`,
    );
    expect(keys?.n).toBe(result.dailyRows);
  });

  it('shapes traffic like a network: tiers, fill < 1, CTR band, big apps, weekend and night', async () => {
    const { store } = await generated(11, { days: 28 });
    const [t] = await store.query(
      `SELECT sum(response) / sum(request) AS fill, sum(impression) / sum(response) AS ir,
              sum(click) / sum(impression) AS ctr FROM sdk_daily`,
    );
    expect(t?.fill).toBeGreaterThan(0.4);
    expect(t?.fill).toBeLessThan(0.98);
    expect(t?.ir).toBeLessThan(1);
    expect(t?.ctr).toBeGreaterThan(0.005);
    expect(t?.ctr).toBeLessThan(0.03);
    const ecpm = async (geos: string) => {
      const [r] = await store.query(
        `SELECT sum(revenue) * 1000 / sum(impression) AS e FROM sdk_daily WHERE geo IN (${geos})`,
      );
      return Number(r?.e);
    };
    expect(await ecpm("'US','JP','GB'")).toBeGreaterThan(2 * (await ecpm("'BR','MX','TR'")));
    expect(await ecpm("'BR','MX','TR'")).toBeGreaterThan(1.5 * (await ecpm("'IN','ID','PH'")));
    const [countries] = await store.query('SELECT count(DISTINCT geo) AS n FROM sdk_daily');
    expect(countries?.n).toBeGreaterThanOrEqual(30);
    const byApp = await store.query(
      'SELECT app_key, sum(request) AS r FROM sdk_daily GROUP BY 1 ORDER BY 2 DESC',
    );
    expect(byApp.map((r) => r.app_key)).toEqual(['big', 'mid', 'tail']);
    const [week] = await store.query(
      `SELECT avg(r) FILTER (WHERE isodow(dt) >= 6) / avg(r) FILTER (WHERE isodow(dt) <= 4) AS bump
       FROM (SELECT dt, sum(request) AS r FROM sdk_daily GROUP BY dt)`,
    );
    expect(week?.bump).toBeGreaterThan(1.05);
    const [night] = await store.query(
      // US is UTC-5: 01:00 UTC is the 20:00 evening peak, 09:00 UTC the 04:00 night trough.
      `SELECT sum(request) FILTER (WHERE hour = 1) / sum(request) FILTER (WHERE hour = 9) AS peak_over_night
       FROM sdk_hourly WHERE geo = 'US'`,
    );
    expect(night?.peak_over_night).toBeGreaterThan(3);
  });

  it('grows about linearly with scale through synthetic long-tail apps', async () => {
    const one = await generated(5, { days: 2 });
    const four = await generated(5, { days: 2, scale: 4 });
    const [apps4] = await four.store.query(
      "SELECT count(DISTINCT app_key) AS n FROM sdk_daily WHERE app_key LIKE 'syn5_%'",
    );
    expect(apps4?.n).toBe(9);
    expect(four.result.hourlyRows).toBeGreaterThan(2 * one.result.hourlyRows);
  });
});

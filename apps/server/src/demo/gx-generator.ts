/**
 * Demo facts of the app report (api-contract §7): the app-side ("gx") view of the same traffic as the
 * SDK report, derived from the `sdk_daily` rollup of the given apps with the app's package name; the
 * app's own pipeline counts 1–3 % fewer requests and differs slightly in revenue. Run after the SDK
 * generator. Same seed → same rows.
 */
import { gxFacts, sdkFacts } from '../reports/fact-tables.ts';
import type { ReportStore } from '../reports/store.ts';
import { deleteDays, draw, insertRows, rangeOf, u } from './gen-sql.ts';
import type { GenerateOptions } from './rtb-generator.ts';

/** Generates (replacing the range) app report facts for the apps of `packages` (app_key → package name). */
export async function generateGxFacts(
  store: ReportStore,
  packages: { app_key: string; pkg_name: string }[],
  opts: GenerateOptions,
): Promise<number> {
  const range = rangeOf(opts.endDate, opts.days);
  const seed = Math.trunc(opts.seed) + 11;
  const k = ['s.app_key', 's.placement_id', 's.geo', 's.dt'];
  return store.write(async (run, read) => {
    await run('CREATE OR REPLACE TEMP TABLE gen_gx_app (app_key VARCHAR, pkg_name VARCHAR)');
    await insertRows(
      run,
      'gen_gx_app',
      packages.map((p) => [p.app_key, p.pkg_name]),
    );
    await deleteDays(run, gxFacts, range);
    await run(
      // Columns by name: a counter added to the table later (fact-tables.ts) keeps its DEFAULT 0.
      `INSERT INTO ${gxFacts.daily} (dt, app_key, pkg_name, ad_placement_id, ad_format, geo, request, fill, imp, click, revenue)
       WITH s AS (
         SELECT s.*, a.pkg_name, 0.97 + 0.02 * ${u("'gx'", ...k)} AS f
         FROM ${sdkFacts.daily} s JOIN gen_gx_app a USING (app_key)
         WHERE s.dt BETWEEN $start::DATE AND $end::DATE
       )
       SELECT dt, app_key, pkg_name, placement_id, ad_style, geo,
              ${draw('request * f', "'rq'", ...k)}, ${draw('response * f', "'fl'", ...k)},
              ${draw('impression * f', "'im'", ...k)}, ${draw('click * f', "'ck'", ...k)},
              round(revenue * (0.98 + 0.04 * ${u("'rv'", ...k)}), 6)::DECIMAL(18, 6)
       FROM s
       ORDER BY app_key, dt`,
      { ...range, seed },
    );
    const [row] = await read(
      `SELECT count(*) AS n FROM ${gxFacts.daily} WHERE dt BETWEEN $start::DATE AND $end::DATE`,
      range,
    );
    await run('DROP TABLE IF EXISTS gen_gx_app');
    return Number(row?.n ?? 0);
  });
}

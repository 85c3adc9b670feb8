/**
 * Demo report facts (api-contract §7): SDK hourly facts for every app with ad slots in the accounts
 * store, `config.demoDays` days up to yesterday in REPORT_TIMEZONE (from `app.now()`), deterministic
 * for `config.demoRandomSeed`. Apps still under review get none (no SDK traffic before approval).
 * Within each company the app created first is the largest, and later ones form a long tail.
 *
 * The generators are DuckDB SQL: on another report store (ClickHouse) they run on a scratch
 * in-memory DuckDB and the facts are copied across (reports/copy-facts.ts), so both stores hold the
 * same rows for the same seed.
 */
import { AuditStatus, DataPermissionType } from '@portal/contracts/constants.ts';
import { yesterdayIn } from '@portal/contracts/report-dates.ts';
import { asc, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { apps, placements } from '../db/schema/inventory.ts';
import { companyChannels } from '../db/schema/organisations.ts';
import { copyFacts, daysBetween } from '../reports/copy-facts.ts';
import {
  affiliateFacts,
  type FactTable,
  gameFacts,
  gxFacts,
  rejectFacts,
  rtbFacts,
  sdkFacts,
} from '../reports/fact-tables.ts';
import type { ReportStore } from '../reports/store.ts';
import { openDuckDbStore } from '../reports/stores/duckdb.ts';
import { generateAffiliateFacts } from './affiliate-generator.ts';
import { generateGameFacts } from './game-generator.ts';
import { rangeOf } from './gen-sql.ts';
import { generateGxFacts } from './gx-generator.ts';
import { generateRtbFacts } from './rtb-generator.ts';
import { type FactApp, generateSdkFacts } from './sdk-generator.ts';

/** Apps with their ad slots as generator input; weights from the order of creation per company. */
export async function loadFactApps(db: Db): Promise<FactApp[]> {
  const appRows = await db
    .select({ id: apps.id, company_id: apps.company_id, app_key: apps.app_key })
    .from(apps)
    .where(ne(apps.audit_status, AuditStatus.REVIEW))
    .orderBy(asc(apps.company_id), asc(apps.id));
  const slotRows = await db
    .select({
      app_id: placements.app_id,
      adpos_id: placements.adpos_id,
      name: placements.adpos_name,
      style: placements.ad_style,
    })
    .from(placements)
    .where(ne(placements.audit_status, AuditStatus.REVIEW))
    .orderBy(asc(placements.adpos_id));
  const companyRank = new Map<number, number>();
  const appRank = new Map<number, number>();
  const out: FactApp[] = [];
  for (const a of appRows) {
    if (!companyRank.has(a.company_id)) companyRank.set(a.company_id, companyRank.size);
    const rank = appRank.get(a.company_id) ?? 0;
    appRank.set(a.company_id, rank + 1);
    const appPlacements = slotRows
      .filter((s) => s.app_id === a.id)
      .map((s) => ({ placement_id: String(s.adpos_id), placement_name: s.name, ad_style: s.style }));
    if (appPlacements.length === 0) continue;
    const companyFactor = 1 / Math.sqrt((companyRank.get(a.company_id) ?? 0) + 1);
    out.push({ app_key: a.app_key, weight: companyFactor / (rank + 1) ** 1.2, placements: appPlacements });
  }
  return out;
}

/**
 * Runs `generate` on `target` when it is DuckDB; otherwise on a scratch in-memory DuckDB, then copies
 * the facts of `tables` over the `days` days ending `endDate` (yyyyMMdd) into `target`.
 */
async function onGeneratorStore<T>(
  target: ReportStore,
  tables: FactTable[],
  range: { endDate: string; days: number },
  generate: (store: ReportStore) => Promise<T>,
): Promise<T> {
  if (target.dialect === 'duckdb') return generate(target);
  const scratch = await openDuckDbStore(':memory:');
  try {
    const result = await generate(scratch);
    const { start, end } = rangeOf(range.endDate, range.days);
    for (const t of tables) await copyFacts(scratch, target, t, daysBetween(start, end));
    return result;
  } finally {
    await scratch.close();
  }
}

/** The SDK generator's options for the demo network of `app`. */
async function sdkOptions(app: FastifyInstance) {
  return {
    apps: await loadFactApps(app.db),
    days: app.config.demoDays,
    endDate: yesterdayIn(app.now(), app.config.reportTimezone),
    seed: app.config.demoRandomSeed,
  };
}

/** Generates the demo facts; returns row counts. */
export async function seedDemoFacts(app: FastifyInstance): Promise<{ rows: number; dailyRows: number }> {
  const opts = await sdkOptions(app);
  if (opts.apps.length === 0) return { rows: 0, dailyRows: 0 };
  const result = await onGeneratorStore(app.reportStore, [sdkFacts], opts, (store) =>
    generateSdkFacts(store, opts),
  );
  return { rows: result.hourlyRows, dailyRows: result.dailyRows };
}

/** Channels of the network outside the demo organisations (seen by operations staff only). */
const networkRtbChannels = ['OpenBid Exchange'];
const networkAffiliateChannels = ['AdPulse Network', 'Zentrix Media'];

/**
 * Demo facts of the other kinds (api-contract §7): RTB for the organisations' type-4 channels plus a
 * network one, both affiliate sources for the type-5 channels plus network ones, game centre and app
 * report facts for every app with SDK facts. Call after `seedDemoFacts` (the app report derives from
 * the SDK rollup). Returns row counts per kind.
 */
export async function seedDemoKindFacts(app: FastifyInstance): Promise<Record<string, number>> {
  const tables = [
    rtbFacts,
    affiliateFacts.affiliate_2023,
    affiliateFacts.affiliate_2024,
    rejectFacts.affiliate_2023,
    rejectFacts.affiliate_2024,
    gameFacts,
    gxFacts,
  ];
  const sdk = await sdkOptions(app);
  return onGeneratorStore(app.reportStore, tables, sdk, async (store) => {
    // The app report derives from the SDK rollup: a scratch store needs the SDK facts first.
    if (store !== app.reportStore && sdk.apps.length) await generateSdkFacts(store, sdk);
    return generateKindFacts(app, store);
  });
}

async function generateKindFacts(app: FastifyInstance, store: ReportStore): Promise<Record<string, number>> {
  const opts = {
    days: app.config.demoDays,
    endDate: yesterdayIn(app.now(), app.config.reportTimezone),
    seed: app.config.demoRandomSeed,
  };
  const channelRows = await app.db
    .select({ type: companyChannels.type, name: companyChannels.name })
    .from(companyChannels)
    .orderBy(asc(companyChannels.id));
  const named = (type: number, extra: string[]) => [
    ...channelRows.filter((c) => c.type === type).map((c, i) => ({ channel: c.name, weight: 1 / (i + 1) })),
    ...extra.map((channel) => ({ channel, weight: 0.6 })),
  ];
  const rtb = await generateRtbFacts(
    store,
    named(DataPermissionType.RTB, networkRtbChannels).map((c) => ({ ...c, apps: 4 })),
    opts,
  );
  const affiliateChannels = named(DataPermissionType.AFFILIATE, networkAffiliateChannels);
  const a23 = await generateAffiliateFacts(store, 'affiliate_2023', affiliateChannels, opts);
  const a24 = await generateAffiliateFacts(store, 'affiliate_2024', affiliateChannels, opts);
  const factKeys = new Set((await loadFactApps(app.db)).map((a) => a.app_key));
  const appRows = (
    await app.db
      .select({ app_key: apps.app_key, pkg_name: apps.package_name })
      .from(apps)
      .orderBy(asc(apps.company_id), asc(apps.id))
  ).filter((a) => factKeys.has(a.app_key));
  const game = await generateGameFacts(
    store,
    appRows.map((a, i) => ({ ...a, weight: 1 / (i + 1) ** 0.8 })),
    opts,
  );
  const gx = await generateGxFacts(store, appRows, opts);
  return {
    rtb,
    affiliate_2023: a23.hourlyRows,
    affiliate_2023_reject: a23.rejectRows,
    affiliate_2024: a24.hourlyRows,
    affiliate_2024_reject: a24.rejectRows,
    game,
    gx,
  };
}

/**
 * The benchmark data directory: the demo accounts (PGlite, so logins work) and about `rows` SDK hourly
 * facts written by the demo generator (DuckDB), for the demo apps plus synthetic long-tail apps.
 *
 * The generator grows rows by adding synthetic apps (`scale`), so the number of apps needed for `rows`
 * is calibrated first on a 14-day in-memory sample, aiming a few percent high; the surplus is then
 * trimmed from the oldest hours (and their days' rollup rebuilt), so the store holds exactly `rows`
 * hourly facts (`--rows N` makes N rows). A directory whose meta.json matches (rows, seed, days, exact)
 * is reused, so only the first run of a size pays for the generation.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { yesterdayIn } from '@portal/contracts/report-dates.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { seedDemoAccounts } from '../../apps/server/src/demo/accounts.ts';
import { loadFactApps } from '../../apps/server/src/demo/demo-facts.ts';
import { type FactApp, generateSdkFacts } from '../../apps/server/src/demo/sdk-generator.ts';
import { rollupSql, sdkFacts } from '../../apps/server/src/reports/fact-tables.ts';
import type { ReportStore } from '../../apps/server/src/reports/store.ts';
import { openDuckDbStore } from '../../apps/server/src/reports/stores/duckdb.ts';
import { outDir, readJson } from './stats.ts';

export type DatasetMeta = {
  requestedRows: number;
  seed: number;
  /** Requested days. */
  days: number;
  /** Days generated: fewer than requested (never under 91) when the demo apps alone exceed `rows`. */
  generatedDays: number;
  hourlyRows: number;
  dailyRows: number;
  startDate: string;
  endDate: string;
  demoApps: number;
  syntheticApps: number;
  generatedAt: string;
  generationSeconds: number;
};

export type Dataset = { dataDir: string; meta: DatasetMeta; reused: boolean };

export type DatasetOptions = {
  rows: number;
  seed?: number;
  days?: number;
  log?: (s: string) => void;
  /** DuckDB's memory limit while generating (default the server's); the rows do not depend on it. */
  memoryLimit?: string;
};

const CALIBRATION_DAYS = 14;
const CALIBRATION_APPS = 200;
const MIN_DAYS = 91;
/** Calibration aims this much above `rows`, so that trimming (never topping up) lands on `rows`. */
const OVERSHOOT = 1.05;

/** Environment of a server (or an in-process app) on the bench data directory. */
export function serverEnv(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DEMO_SEED: 'false',
    CAPTCHA_TEST_ANSWER: '424242',
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...extra,
  };
}

/** Returns the data directory for `rows` facts, generating it when missing or different. */
export async function ensureDataset(opts: DatasetOptions): Promise<Dataset> {
  const seed = opts.seed ?? 1;
  const days = opts.days ?? 120;
  const log = opts.log ?? ((s: string) => console.log(s));
  const dataDir = path.join(outDir, `data-${opts.rows}-s${seed}`);
  const metaFile = path.join(dataDir, 'meta.json');
  const old = readJson<DatasetMeta>(metaFile);
  if (
    old &&
    old.requestedRows === opts.rows &&
    old.hourlyRows === opts.rows &&
    old.seed === seed &&
    old.days === days &&
    old.generatedDays
  ) {
    return { dataDir, meta: old, reused: true };
  }
  if (existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });

  const started = performance.now();
  const env = serverEnv(dataDir, {
    LOG_LEVEL: 'silent',
    ...(opts.memoryLimit ? { REPORT_STORE_MEMORY_LIMIT: opts.memoryLimit } : {}),
  });
  const app = await buildApp(loadConfig(env), { logger: false });
  try {
    await app.ready();
    await seedDemoAccounts(app.db);
    const factApps = await loadFactApps(app.db);
    const endDate = yesterdayIn(new Date(), 'UTC');
    const { synthetic, days: genDays } = await calibrate(
      factApps,
      Math.ceil(opts.rows * OVERSHOOT),
      days,
      endDate,
      seed,
    );
    log(
      `generating ~${opts.rows.toLocaleString('en')} hourly facts: ${factApps.length} demo apps + ${synthetic} synthetic, ${genDays} days to ${endDate}`,
    );
    const result = await generateSdkFacts(app.reportStore, {
      apps: factApps,
      days: genDays,
      endDate,
      seed,
      scale: 1 + synthetic / factApps.length,
    });
    const trimmed = await trimTo(app.reportStore, opts.rows);
    if (trimmed.hourlyRows !== opts.rows) {
      log(`note: generated ${trimmed.hourlyRows} hourly facts, fewer than the ${opts.rows} asked for`);
    }
    await app.reportStore.write((run) => run('CHECKPOINT'));
    const meta: DatasetMeta = {
      requestedRows: opts.rows,
      seed,
      days,
      generatedDays: genDays,
      hourlyRows: trimmed.hourlyRows,
      dailyRows: trimmed.dailyRows,
      startDate: result.startDate,
      endDate: result.endDate,
      demoApps: factApps.length,
      syntheticApps: synthetic,
      generatedAt: new Date().toISOString(),
      generationSeconds: Math.round((performance.now() - started) / 100) / 10,
    };
    writeFileSync(metaFile, `${JSON.stringify(meta, null, 2)}\n`);
    return { dataDir, meta, reused: false };
  } finally {
    await app.close();
  }
}

/**
 * Deletes the oldest hourly facts beyond `rows` (ordered by dt, hour, app, placement, country) and
 * rebuilds the daily rollup of the days touched; returns the counts left.
 */
async function trimTo(store: ReportStore, rows: number): Promise<{ hourlyRows: number; dailyRows: number }> {
  const count = async (t: string) => Number((await store.query(`SELECT count(*) AS n FROM ${t}`))[0]?.n);
  const surplus = (await count('sdk_hourly')) - rows;
  if (surplus > 0) {
    await store.write(async (run, read) => {
      const [last] = await read(
        `SELECT strftime(max(dt), '%Y-%m-%d') AS d FROM (
           SELECT dt FROM sdk_hourly ORDER BY dt, hour, app_key, placement_id, geo LIMIT $n)`,
        { n: surplus },
      );
      const span = { start: '1970-01-01', end: String(last?.d) };
      await run(
        `DELETE FROM sdk_hourly WHERE rowid IN (
           SELECT rowid FROM sdk_hourly ORDER BY dt, hour, app_key, placement_id, geo LIMIT $n)`,
        { n: surplus },
      );
      await run('DELETE FROM sdk_daily WHERE dt BETWEEN $start::DATE AND $end::DATE', span);
      await run(rollupSql(sdkFacts) as string, span);
    });
  }
  return { hourlyRows: await count('sdk_hourly'), dailyRows: await count('sdk_daily') };
}

/**
 * Number of synthetic apps that brings the hourly facts of `days` days to about `rows`; when the demo
 * apps alone exceed `rows`, no synthetic app and fewer days (at least 91, so a 90-day query fits).
 */
async function calibrate(
  apps: FactApp[],
  rows: number,
  days: number,
  endDate: string,
  seed: number,
): Promise<{ synthetic: number; days: number }> {
  const mem = await openDuckDbStore(':memory:');
  try {
    const base = await generateSdkFacts(mem, { apps, days: CALIBRATION_DAYS, endDate, seed });
    const basePerDay = base.hourlyRows / CALIBRATION_DAYS;
    if (basePerDay * days >= rows) {
      return { synthetic: 0, days: Math.min(days, Math.max(MIN_DAYS, Math.ceil(rows / basePerDay))) };
    }
    await mem.write(async (run) => {
      await run('DELETE FROM sdk_hourly');
      await run('DELETE FROM sdk_daily');
    });
    const withSynthetic = await generateSdkFacts(mem, {
      apps,
      days: CALIBRATION_DAYS,
      endDate,
      seed,
      scale: 1 + CALIBRATION_APPS / apps.length,
    });
    const perAppDay = (withSynthetic.hourlyRows - base.hourlyRows) / CALIBRATION_APPS / CALIBRATION_DAYS;
    const need = rows - basePerDay * days;
    let k = Math.max(1, Math.round(need / (perAppDay * days)));
    // Synthetic apps differ a lot in size, so refine on the first k apps themselves (bounded).
    for (let i = 0; i < 3; i++) {
      await mem.write(async (run) => {
        await run('DELETE FROM sdk_hourly');
        await run('DELETE FROM sdk_daily');
      });
      const sample = await generateSdkFacts(mem, {
        apps,
        days: CALIBRATION_DAYS,
        endDate,
        seed,
        scale: 1 + k / apps.length,
      });
      const got = ((sample.hourlyRows - base.hourlyRows) / CALIBRATION_DAYS) * days;
      const next = Math.max(1, Math.round((k * need) / got));
      if (next === k) break;
      k = next;
    }
    return { synthetic: k, days };
  } finally {
    await mem.close();
  }
}

/**
 * Web (issue 7 part 4, issue 11 item 4): the production build of apps/web (`npm run build`, i.e.
 * apps/web/dist) served by the server as shipped (bench/lib/prod-server.ts: NODE_ENV=production,
 * request logging on, compiled when apps/server/dist/main.js exists), loaded in Debian's Chromium.
 *   - JavaScript of /login and of /report/sdk: every script the page requests until it is ready (login:
 *     the form is shown and the network is idle; report: the first table row is shown), each file
 *     gzip-compressed at level 9 from the build output; KB = 1000 bytes. Target: login ≤ 300 KB gzip.
 *   - First report rows: navigate to /report/sdk?t=<token of the demo organisation admin> (the spec's
 *     token landing, nothing stored in the browser) and wait for the first body row of the report
 *     table; milliseconds from the start of navigation, each run in a fresh browser context (cold
 *     cache), p50/p95 over `--runs` after one warm-up, with the number of list requests each load sent
 *     (issue 26 item 1: one). Target: p50 ≤ 1.0 s on a quiet machine (issue 26; issue 11 asked 1.5 s).
 *     The same moment is also printed on the page's own clock (navigation start → first row), which
 *     leaves out the new context's start-up before navigation (0.2-0.4 s on a busy machine).
 *     The last run's request start times are printed, to show the report chunk and the list beside
 *     user_info and menu rather than after them.
 *   - Lighthouse (bench/lib/lighthouse.ts) on /login and /report/sdk (signed in through the spec's `?t=`
 *     token landing), desktop and mobile: performance score, FCP, LCP, TBT, SI, CLS and the LCP element.
 *     Every run is printed with the load average before → after it; the median of `--lh-runs` is printed
 *     beside issue 26's targets (mobile: /report/sdk ≥ 75, /login ≥ 90; desktop ≥ 95 for both; CLS ≤ 0.1)
 *     and called quiet only when every run's load average stayed ≤ 1.5 (bench/lib/quiet.ts).
 *
 *   npx tsx bench/web.ts [--rows 1000000] [--runs 5] [--lh-runs 5] [--no-build] [--no-lighthouse] [--seed 1]
 *                        [--dist <dir>]
 *
 * --no-build: reuse apps/web/dist when it exists; --dist: serve another build (e.g. an older one to
 * compare), never rebuilt. The load average is printed before and after.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../e2e/browser.ts';
import { ensureDataset } from './lib/dataset.ts';
import { type FormFactor, LIGHTHOUSE_VERSION, type LighthouseFigures, lighthouse } from './lib/lighthouse.ts';
import { demoAdminToken, startProductionServer } from './lib/prod-server.ts';
import { QUIET_LOAD } from './lib/quiet.ts';
import { machine, ms, printMachine, repoRoot, saveResult, summarize } from './lib/stats.ts';

const { values: flags } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '5' },
    'lh-runs': { type: 'string', default: '5' },
    'no-build': { type: 'boolean', default: false },
    'no-lighthouse': { type: 'boolean', default: false },
    seed: { type: 'string', default: '1' },
    dist: { type: 'string' },
  },
});
const runs = Number(flags.runs);
const lhRuns = Number(flags['lh-runs']);
const dist = flags.dist ? path.resolve(flags.dist) : path.join(repoRoot, 'apps/web/dist');
const FIRST_ROW = '[data-testid=report-table] tbody tr.ant-table-row';
const PAGE_TIMEOUT_MS = 60_000;
/** Requests whose start is printed for the last first-rows run (path prefixes, same origin). */
const TIMELINE = [
  '/api/v1/user/user_info',
  '/api/v1/user/menu',
  '/v1/report/stat_column/sdk',
  '/v1/report/list/sdk',
  '/v1/report/trend/sdk',
  '/assets/prefetch-sdk-report',
  '/assets/sdk-report-page',
  '/assets/column-dialog',
];

/** The SDK list request (not the country ranking's query of the same endpoint, e2e/one-list-request). */
function isSdkList(url: string): boolean {
  const u = new URL(url);
  const ranking = !u.searchParams.has('titles') && /^geo,[^,]+$/.test(u.searchParams.get('fields') ?? '');
  return u.pathname === '/v1/report/list/sdk' && !ranking;
}

type JsFile = { file: string; bytes: number; gzipBytes: number };

function build(): number {
  const t0 = performance.now();
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: repoRoot, stdio: 'inherit' });
  return (performance.now() - t0) / 1000;
}

/** Records the scripts a page requests (same-origin paths). */
function recordScripts(page: Page, origin: string): Set<string> {
  const seen = new Set<string>();
  page.on('request', (req) => {
    if (req.resourceType() === 'script' && req.url().startsWith(origin))
      seen.add(new URL(req.url()).pathname);
  });
  return seen;
}

/** Records when (ms after `t0()`) each {@link TIMELINE} request started and ended. */
function recordTimeline(page: Page, t0: () => number): Map<string, { start: number; end?: number }> {
  const seen = new Map<string, { start: number; end?: number }>();
  const key = (url: string) => TIMELINE.find((p) => new URL(url).pathname.startsWith(p));
  page.on('request', (req) => {
    const k = key(req.url());
    if (k && !seen.has(k)) seen.set(k, { start: performance.now() - t0() });
  });
  page.on('requestfinished', (req) => {
    const hit = seen.get(key(req.url()) ?? '');
    if (hit && hit.end === undefined) hit.end = performance.now() - t0();
  });
  return seen;
}

function sizes(paths: Set<string>): { files: JsFile[]; bytes: number; gzipBytes: number } {
  const files = [...paths].sort().map((p) => {
    const file = path.join(dist, p);
    const raw = existsSync(file) ? readFileSync(file) : Buffer.alloc(0);
    return { file: p, bytes: raw.byteLength, gzipBytes: gzipSync(raw, { level: 9 }).byteLength };
  });
  return {
    files,
    bytes: files.reduce((s, f) => s + f.bytes, 0),
    gzipBytes: files.reduce((s, f) => s + f.gzipBytes, 0),
  };
}

const kb = (b: number) => `${(b / 1000).toFixed(1)} KB`;

/** Prints the largest files (gzip) of a page, then how many smaller ones there are. */
function listLargest(files: JsFile[], n = 6): void {
  const sorted = [...files].sort((a, b) => b.gzipBytes - a.gzipBytes);
  for (const f of sorted.slice(0, n)) console.log(`  ${kb(f.gzipBytes).padStart(9)}  ${f.file}`);
  if (sorted.length > n) {
    const rest = sorted.slice(n);
    console.log(
      `  ${kb(rest.reduce((s, f) => s + f.gzipBytes, 0)).padStart(9)}  ${rest.length} smaller files`,
    );
  }
}

/**
 * Issue 26 item 4: Lighthouse performance, median of `--lh-runs`, on a quiet machine (every run's load
 * average ≤ QUIET_LOAD before and after it). CLS ≤ 0.1 everywhere.
 */
const LH_TARGETS: Record<string, Record<FormFactor, number>> = {
  login: { desktop: 95, mobile: 90 },
  'report-sdk': { desktop: 95, mobile: 75 },
};

type LighthouseRow = {
  page: string;
  formFactor: FormFactor;
  /** Median performance score of the runs (the mean of the two middle ones for an even count). */
  median: number;
  /** Every run's score, in run order. */
  scores: number[];
  /** Whether every run started and ended with the 1-minute load average ≤ QUIET_LOAD. */
  quiet: boolean;
  /** The highest load average sampled beside the runs. */
  maxLoad: number;
} & LighthouseFigures;

function medianOf(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/**
 * `lhRuns` Lighthouse runs per page and form factor, each printed as it ends with the load average
 * before → after it; the row keeps the median score and, for its other figures, the run of median score.
 */
async function lighthouseAll(pages: { name: string; url: string }[]): Promise<LighthouseRow[]> {
  const rows: LighthouseRow[] = [];
  for (const p of pages) {
    for (const formFactor of ['desktop', 'mobile'] as const) {
      const all: LighthouseFigures[] = [];
      for (let i = 0; i < lhRuns; i++) {
        const f = await lighthouse(p.url, formFactor, `${p.name}-${i + 1}`);
        all.push(f);
        const loud = Math.max(f.load.before, f.load.after) > QUIET_LOAD ? ' (not quiet)' : '';
        console.log(
          `  run ${i + 1}/${lhRuns} ${p.name.padEnd(11)} ${formFactor.padEnd(7)} perf ${String(f.performance).padStart(3)}  ` +
            `FCP ${ms(f.fcpMs).padStart(5)}  LCP ${ms(f.lcpMs).padStart(5)}  TBT ${ms(f.tbtMs).padStart(4)}  ` +
            `SI ${ms(f.siMs).padStart(5)}  CLS ${f.cls.toFixed(3)}  load ${f.load.before.toFixed(2)} → ${f.load.after.toFixed(2)}${loud}`,
        );
      }
      const scores = all.map((f) => f.performance);
      const sorted = [...all].sort((a, b) => a.performance - b.performance);
      const mid = sorted[Math.floor((sorted.length - 1) / 2)] as LighthouseFigures;
      const maxLoad = Math.max(...all.flatMap((f) => [f.load.before, f.load.after]));
      rows.push({
        page: p.name,
        formFactor,
        ...mid,
        median: medianOf(scores),
        scores,
        quiet: maxLoad <= QUIET_LOAD,
        maxLoad,
      });
    }
  }
  return rows;
}

const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function main() {
  const m = machine();
  printMachine(m);
  if (flags.dist && !existsSync(path.join(dist, 'index.html'))) throw new Error(`no build in ${dist}`);
  const reuse = flags['no-build'] || flags.dist !== undefined;
  const buildSeconds = reuse && existsSync(path.join(dist, 'index.html')) ? null : build();
  const indexAge = statSync(path.join(dist, 'index.html')).mtime.toISOString();
  console.log(
    buildSeconds === null ? `web build reused (${indexAge})` : `web build: ${buildSeconds.toFixed(1)} s`,
  );
  const { dataDir, meta } = await ensureDataset({ rows: Number(flags.rows), seed: Number(flags.seed) });
  const token = await demoAdminToken(dataDir);
  const server = await startProductionServer(dataDir, dist);
  console.log(
    `server: ${server.how}, NODE_ENV=production; JavaScript asset content-encoding for "br, gzip": ${server.assetEncoding || 'none (uncompressed)'}`,
  );
  const browser = await launchChromium();
  let contexts: BrowserContext[] = [];
  try {
    const origin = new URL(server.url).origin;

    // Login page.
    const loginCtx = await browser.newContext();
    contexts.push(loginCtx);
    const loginPage = await loginCtx.newPage();
    const loginScripts = recordScripts(loginPage, origin);
    await loginPage.goto(`${server.url}/login`, { waitUntil: 'networkidle', timeout: PAGE_TIMEOUT_MS });
    await loginPage.waitForSelector('[data-testid=login-submit]', { timeout: PAGE_TIMEOUT_MS });
    await loginPage.waitForLoadState('networkidle');
    const login = sizes(loginScripts);
    await loginCtx.close();
    contexts = contexts.filter((c) => c !== loginCtx);

    // Report page: time to the first row, fresh context per run.
    const loadBefore = loadavg();
    const times: number[] = [];
    // The same moment on the page's own clock (from its navigation start): without the new context's
    // renderer start-up before navigation, which moves the figure above by ±0.2 s on a busy machine.
    const pageTimes: number[] = [];
    const listRequests: number[] = [];
    let reportScripts = new Set<string>();
    let timeline = new Map<string, { start: number; end?: number }>();
    for (let i = 0; i < runs + 1; i++) {
      const ctx = await browser.newContext();
      contexts.push(ctx);
      const page = await ctx.newPage();
      // marks the first row on the page's clock (browser code as text: the bench has no DOM types)
      await page.addInitScript({
        content: `new MutationObserver((_m, obs) => {
          if (document.querySelector(${JSON.stringify(FIRST_ROW)})) {
            performance.mark('first-row');
            obs.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });`,
      });
      const scripts = recordScripts(page, origin);
      let t0 = 0;
      const requests = recordTimeline(page, () => t0);
      let lists = 0;
      page.on('request', (req) => {
        if (isSdkList(req.url())) lists++;
      });
      t0 = performance.now();
      // Signed in through the spec's ?t= landing, as issue 26 measured it: nothing about the user is
      // stored in the browser before its user info answers.
      await page.goto(`${server.url}/report/sdk?t=${encodeURIComponent(token)}`, {
        waitUntil: 'commit',
        timeout: PAGE_TIMEOUT_MS,
      });
      await page.waitForSelector(FIRST_ROW, { timeout: PAGE_TIMEOUT_MS });
      const elapsed = performance.now() - t0;
      const onPage = await page.evaluate(() => performance.getEntriesByName('first-row')[0]?.startTime ?? -1);
      await page.waitForLoadState('networkidle');
      if (i > 0) {
        times.push(elapsed); // the first run warms the server (and the OS file cache)
        pageTimes.push(onPage);
        listRequests.push(lists);
      }
      reportScripts = scripts;
      timeline = requests;
      await ctx.close();
      contexts = contexts.filter((c) => c !== ctx);
    }
    const report = sizes(reportScripts);
    const firstRows = summarize(times);
    const firstRowsOnPage = summarize(pageTimes);
    const loadAfter = loadavg();

    console.log(
      `\nlogin page JavaScript: ${login.files.length} files, ${kb(login.gzipBytes)} gzip (${kb(login.bytes)} raw) — ${login.gzipBytes <= 300_000 ? 'pass' : 'MISS'} (≤ 300 KB gzip)`,
    );
    listLargest(login.files);
    console.log(
      `report page JavaScript (/report/sdk): ${report.files.length} files, ${kb(report.gzipBytes)} gzip (${kb(report.bytes)} raw)`,
    );
    listLargest(report.files);
    console.log(
      `first report rows (${meta.hourlyRows.toLocaleString('en')} hourly facts, demo admin, default range, ?t= sign-in): ` +
        `p50 ${ms(firstRows.p50)} ms, p95 ${ms(firstRows.p95)} ms over ${firstRows.runs} cold contexts (1 warm-up) — ` +
        `${firstRows.p50 <= 1000 ? 'pass' : 'MISS'} (issue 26: p50 ≤ 1000 ms on a quiet machine); ` +
        `list requests per load ${listRequests.join(', ')} (${listRequests.every((n) => n === 1) ? 'one each: pass' : 'MISS: one each'}); ` +
        `load average ${loadBefore} → ${loadAfter}${Math.max(Number(loadBefore.split(' ')[0]), Number(loadAfter.split(' ')[0])) > 1.5 ? ' (NOT quiet: > 1.5)' : ''}`,
    );
    console.log(
      `  on the page's clock (navigation start → first row): p50 ${ms(firstRowsOnPage.p50)} ms, p95 ${ms(firstRowsOnPage.p95)} ms`,
    );
    console.log('last run, request start → end (ms after navigation):');
    for (const p of TIMELINE) {
      const hit = timeline.get(p);
      if (hit) console.log(`  ${ms(hit.start).padStart(6)} → ${ms(hit.end ?? Number.NaN).padStart(6)}  ${p}`);
    }

    let lighthouseRows: LighthouseRow[] = [];
    if (!flags['no-lighthouse']) {
      const lhLoadBefore = loadavg();
      console.log(
        `\nLighthouse ${LIGHTHOUSE_VERSION} (Chromium, headless), ${lhRuns} run(s) per page and form factor:`,
      );
      lighthouseRows = await lighthouseAll([
        { name: 'login', url: `${server.url}/login` },
        { name: 'report-sdk', url: `${server.url}/report/sdk?t=${encodeURIComponent(token)}` },
      ]);
      console.log(
        `Lighthouse medians of ${lhRuns} run(s) (other figures: the run of median score; load average ${lhLoadBefore} → ${loadavg()}):`,
      );
      for (const r of lighthouseRows) {
        const target = LH_TARGETS[r.page]?.[r.formFactor] ?? 90;
        const ok = r.median >= target && r.cls <= 0.1;
        const verdict = ok ? 'pass' : 'MISS';
        console.log(
          `  ${r.page.padEnd(11)} ${r.formFactor.padEnd(7)} median ${String(r.median).padStart(4)} (${r.scores.join(', ')}) ` +
            `target ≥ ${target}: ${r.quiet ? verdict : `${verdict}, NOT quiet (load up to ${r.maxLoad.toFixed(2)} > ${QUIET_LOAD})`}  ` +
            `LCP ${ms(r.lcpMs).padStart(5)} ms  CLS ${r.cls.toFixed(3)}  TBT ${ms(r.tbtMs).padStart(4)} ms  ` +
            `FCP ${ms(r.fcpMs).padStart(5)} ms  SI ${ms(r.siMs).padStart(5)} ms`,
        );
        console.log(`      LCP element: ${r.lcpElement}`);
        if (r.cls > 0.1) for (const s of r.shifts) console.log(`      shift ${s.score.toFixed(3)} ${s.node}`);
      }
    }
    saveResult('web', {
      machine: m,
      dataset: meta,
      buildSeconds,
      server: { how: server.how, assetEncoding: server.assetEncoding },
      login,
      report,
      firstRows,
      firstRowsOnPage,
      listRequests,
      runs,
      loadavg: { firstRows: [loadBefore, loadAfter] },
      timeline: Object.fromEntries(timeline),
      lighthouse: lighthouseRows.map(({ shifts: _s, ...r }) => r),
    });
  } finally {
    for (const c of contexts) await c.close().catch(() => {});
    await browser.close();
    await server.stop();
  }
}

await main();

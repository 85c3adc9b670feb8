/**
 * Web (issue 7, part 4): the production build of apps/web (vite build into bench/out/web-dist, so the
 * tree's apps/web/dist is left alone) served by the real server (child process, WEB_DIST), loaded in
 * Debian's Chromium through playwright-core.
 *   - JavaScript of /login and of /report/sdk: every script the page requests until it is ready (login:
 *     the form is shown and the network is idle; report: the first table row is shown), each file
 *     gzip-compressed at level 9 from the build output; KB = 1000 bytes. Target: login ≤ 300 KB gzip.
 *   - Time to first report rows: log in through the API (demo organisation admin), set the `token`
 *     cookie, navigate to /report/sdk and wait for the first body row of the report table; milliseconds
 *     from the start of navigation, each run in a fresh browser context (cold cache), p50/p95.
 *
 *   npx tsx bench/web.ts [--rows 10000000] [--runs 5] [--no-build] [--seed 1]
 *
 * --no-build: reuse bench/out/web-dist when it exists.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../e2e/browser.ts';
import { ensureDataset } from './lib/dataset.ts';
import { httpLogin } from './lib/http-login.ts';
import { DEMO_ADMIN } from './lib/queries.ts';
import { startServer } from './lib/server.ts';
import { machine, ms, outDir, printMachine, repoRoot, saveResult, summarize } from './lib/stats.ts';

const { values: flags } = parseArgs({
  options: {
    rows: { type: 'string', default: '10000000' },
    runs: { type: 'string', default: '5' },
    'no-build': { type: 'boolean', default: false },
    seed: { type: 'string', default: '1' },
  },
});
const runs = Number(flags.runs);
const dist = path.join(outDir, 'web-dist');
const FIRST_ROW = '[data-testid=report-table] tbody tr.ant-table-row';
const PAGE_TIMEOUT_MS = 60_000;

type JsFile = { file: string; bytes: number; gzipBytes: number };

function build(): number {
  const t0 = performance.now();
  execFileSync(
    process.execPath,
    [
      path.join(repoRoot, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      dist,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: path.join(repoRoot, 'apps/web'), stdio: 'inherit' },
  );
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

async function main() {
  const m = machine();
  printMachine(m);
  const buildSeconds = flags['no-build'] && existsSync(path.join(dist, 'index.html')) ? null : build();
  const indexAge = statSync(path.join(dist, 'index.html')).mtime.toISOString();
  console.log(
    buildSeconds === null ? `web build reused (${indexAge})` : `web build: ${buildSeconds.toFixed(1)} s`,
  );
  const { dataDir, meta } = await ensureDataset({ rows: Number(flags.rows), seed: Number(flags.seed) });
  const server = await startServer(dataDir, { WEB_DIST: dist });
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

    // Report page: time to the first row, fresh context per run.
    const times: number[] = [];
    let reportScripts = new Set<string>();
    const token = await httpLogin(server.url, DEMO_ADMIN);
    for (let i = 0; i < runs + 1; i++) {
      const ctx = await browser.newContext();
      contexts.push(ctx);
      await ctx.addCookies([{ name: 'token', value: encodeURIComponent(token), url: origin }]);
      const page = await ctx.newPage();
      const scripts = recordScripts(page, origin);
      const t0 = performance.now();
      await page.goto(`${server.url}/report/sdk`, { waitUntil: 'commit', timeout: PAGE_TIMEOUT_MS });
      await page.waitForSelector(FIRST_ROW, { timeout: PAGE_TIMEOUT_MS });
      const elapsed = performance.now() - t0;
      if (i > 0) times.push(elapsed); // the first run warms the server (and the OS file cache)
      reportScripts = scripts;
      await ctx.close();
      contexts = contexts.filter((c) => c !== ctx);
    }
    const report = sizes(reportScripts);
    const firstRows = summarize(times);

    console.log(
      `\nlogin page JavaScript: ${login.files.length} files, ${kb(login.gzipBytes)} gzip (${kb(login.bytes)} raw) — ${login.gzipBytes <= 300_000 ? 'pass' : 'MISS'} (≤ 300 KB gzip)`,
    );
    listLargest(login.files);
    console.log(
      `report page JavaScript (/report/sdk): ${report.files.length} files, ${kb(report.gzipBytes)} gzip (${kb(report.bytes)} raw)`,
    );
    listLargest(report.files);
    console.log(
      `time from navigation to the first report rows (${meta.hourlyRows.toLocaleString('en')} hourly facts, demo admin, default range): ` +
        `p50 ${ms(firstRows.p50)} ms, p95 ${ms(firstRows.p95)} ms over ${firstRows.runs} cold runs (1 warm-up)`,
    );
    saveResult('web', { machine: m, dataset: meta, buildSeconds, login, report, firstRows, runs });
  } finally {
    for (const c of contexts) await c.close().catch(() => {});
    await browser.close();
    await server.stop();
  }
}

await main();

/**
 * Where the main thread's time goes on /report/sdk until the first row (issue 11 item 4): one cold
 * load of the production build under a Chromium performance trace, the demo admin's token stored.
 * Prints long tasks and the JavaScript self time by script (from the trace's CPU profile samples),
 * and writes the trace for chrome://tracing or DevTools.
 *
 *   npx tsx bench/web-trace.ts [--dist <dir>] [--out <file.json>] [--cpu-throttle 1] [--rows 1000000]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { launchChromium } from '../e2e/browser.ts';
import { ensureDataset } from './lib/dataset.ts';
import { demoAdminToken, startProductionServer } from './lib/prod-server.ts';
import { outDir, repoRoot } from './lib/stats.ts';

const { values: flags } = parseArgs({
  options: {
    dist: { type: 'string' },
    out: { type: 'string' },
    'cpu-throttle': { type: 'string', default: '1' },
    path: { type: 'string', default: '/report/sdk' },
    rows: { type: 'string', default: '1000000' },
  },
});
const dist = flags.dist ? path.resolve(flags.dist) : path.join(repoRoot, 'apps/web/dist');
const out = flags.out ?? path.join(outDir, 'web-trace.json');

type Ev = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  // biome-ignore lint/suspicious/noExplicitAny: trace event payloads are untyped JSON
  args?: Record<string, any>;
  tdur?: number;
  id?: string;
};

/** Prints long tasks and JS self time by URL and by function from `file`. */
function analyze(file: string, t0us: number, firstRowMs: number): void {
  const { traceEvents } = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: Ev[] };
  // The page's renderer main thread is the one that recorded the `first-row` mark; the first
  // CrRendererMain with a long task is the fallback (Chromium's own UI pages run in renderers too, so
  // that guess alone can pick the browser's omnibox instead of the page).
  const mark = traceEvents.find((e) => e.name === 'first-row');
  const main =
    (mark && traceEvents.find((e) => e.name === 'thread_name' && e.pid === mark.pid && e.tid === mark.tid)) ??
    traceEvents.find(
      (e) =>
        e.name === 'thread_name' &&
        e.args?.name === 'CrRendererMain' &&
        traceEvents.some((x) => x.pid === e.pid && x.name === 'RunTask' && x.dur && x.dur > 50_000),
    );
  if (!main) {
    console.log('no renderer main thread');
    return;
  }
  const mine = traceEvents.filter((e) => e.pid === main.pid && e.tid === main.tid);
  const before = mine.filter((e) => e.name === 'RunTask' && e.ts - t0us <= firstRowMs * 1000);
  const sum = (k: 'dur' | 'tdur') => before.reduce((s, e) => s + (e[k] ?? 0), 0) / 1000;
  console.log(
    `first row at ${firstRowMs.toFixed(0)} ms (page clock); main thread before it: ${sum('dur').toFixed(0)} ms wall, ${sum('tdur').toFixed(0)} ms CPU in ${before.length} tasks`,
  );
  const tasks = mine.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 30_000);
  console.log('long tasks (start ms after navigation, duration ms):');
  for (const t of tasks)
    console.log(
      `  ${((t.ts - t0us) / 1000).toFixed(0).padStart(6)}  ${((t.dur ?? 0) / 1000).toFixed(0).padStart(5)}`,
    );
  const kinds = new Map<string, number>();
  for (const e of mine)
    if (
      e.dur &&
      [
        'EvaluateScript',
        'v8.compile',
        'v8.compileModule',
        'v8.evaluateModule',
        'FunctionCall',
        'ParseHTML',
        'Layout',
        'UpdateLayoutTree',
        'Paint',
        'ParseAuthorStyleSheet',
        'TimerFire',
        'FireAnimationFrame',
        'RunMicrotasks',
        'V8.GC_SCAVENGER',
        'MajorGC',
        'MinorGC',
      ].includes(e.name)
    )
      kinds.set(e.name, (kinds.get(e.name) ?? 0) + e.dur);
  console.log('event totals (ms, nested events counted in each):');
  for (const [k, v] of [...kinds].sort((a, b) => b[1] - a[1]))
    console.log(`  ${(v / 1000).toFixed(0).padStart(6)}  ${k}`);
  // CPU profile samples: ProfileChunk events carry nodes and samples with time deltas.
  const nodes = new Map<number, { url: string; fn: string }>();
  const selfByUrl = new Map<string, number>();
  const selfByFn = new Map<string, number>();
  for (const e of traceEvents.filter((x) => x.name === 'ProfileChunk' && x.pid === main.pid)) {
    const d = e.args?.data?.cpuProfile;
    for (const n of d?.nodes ?? [])
      nodes.set(n.id, {
        url: n.callFrame.url?.replace(/.*\/assets\//, '') || `(${n.callFrame.functionName || 'native'})`,
        fn: n.callFrame.functionName || '(anon)',
      });
    const deltas: number[] = e.args?.data?.timeDeltas ?? [];
    (d?.samples ?? []).forEach((id: number, i: number) => {
      const n = nodes.get(id);
      const dt = deltas[i + 1] ?? deltas[i] ?? 0;
      if (!n) return;
      selfByUrl.set(n.url, (selfByUrl.get(n.url) ?? 0) + dt);
      const k = `${n.fn} @ ${n.url}`;
      selfByFn.set(k, (selfByFn.get(k) ?? 0) + dt);
    });
  }
  console.log('JS self time by script (ms):');
  for (const [k, v] of [...selfByUrl].sort((a, b) => b[1] - a[1]).slice(0, 20))
    console.log(`  ${(v / 1000).toFixed(0).padStart(6)}  ${k}`);
  console.log('JS self time by function (ms):');
  for (const [k, v] of [...selfByFn].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(`  ${(v / 1000).toFixed(0).padStart(6)}  ${k}`);
}

async function main() {
  const { dataDir } = await ensureDataset({ rows: Number(flags.rows), seed: 1 });
  const token = await demoAdminToken(dataDir);
  const server = await startProductionServer(dataDir, dist);
  const browser = await launchChromium();
  try {
    const origin = new URL(server.url).origin;
    for (const warm of [true, false]) {
      const ctx = await browser.newContext();
      await ctx.addCookies([{ name: 'token', value: encodeURIComponent(token), url: origin }]);
      const page = await ctx.newPage();
      // marks the first row's appearance on the page's own clock (the trace's timeline)
      // (browser code as text: the bench is type-checked without the DOM library)
      await page.addInitScript({
        content: `new MutationObserver((_m, obs) => {
          if (document.querySelector('[data-testid=report-table] tbody tr.ant-table-row')) {
            performance.mark('first-row');
            obs.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });`,
      });
      const cdp = await ctx.newCDPSession(page);
      const rate = Number(flags['cpu-throttle']);
      if (rate > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      if (!warm)
        await browser.startTracing(page, {
          path: out,
          categories: [
            'devtools.timeline',
            'disabled-by-default-devtools.timeline',
            'v8.execute',
            'disabled-by-default-v8.cpu_profiler',
            'blink.user_timing',
            'loading',
          ],
        });
      const t0 = Date.now();
      await page.goto(`${server.url}${flags.path}`, { waitUntil: 'commit' });
      await page.waitForSelector('[data-testid=report-table] tbody tr.ant-table-row', { timeout: 60_000 });
      console.log(`${warm ? 'warm-up' : 'traced'}: first row ${Date.now() - t0} ms`);
      if (!warm) {
        const firstRow = await page.evaluate(
          () => performance.getEntriesByName('first-row')[0]?.startTime ?? -1,
        );
        await page.waitForTimeout(500);
        await browser.stopTracing();
        const { traceEvents } = JSON.parse(readFileSync(out, 'utf8')) as { traceEvents: Ev[] };
        const nav =
          traceEvents.find((e) => e.name === 'navigationStart') ??
          traceEvents.find((e) => e.name === 'TracingStartedInBrowser');
        analyze(out, nav?.ts ?? 0, firstRow);
      }
      await ctx.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();

/**
 * The curve to 100 M facts (issue 26 item 5): for each size, the bench data set (bench/lib/dataset.ts:
 * the demo generator's distribution, exactly `size` SDK hourly facts) is written once as Parquet and
 * bulk-loaded from it into both report stores (bench/lib/scale-load.ts): DuckDB (a new report file)
 * and ClickHouse's engine (chDB behind the test harness's HTTP endpoint, apps/server/src/test/
 * chdb-endpoint.ts, so the production adapter runs unchanged). Each store builds the daily rollup the
 * server builds (DuckDB: the server's rollup SQL; ClickHouse: its materialized view). Then the
 * latency mix (bench/lib/queries.ts) is timed on each store two ways, the stores alternating run by
 * run so a busy moment falls on both:
 *   engine: the server's own code in this process (reports/report-list.ts on the store opened from
 *           the server's configuration, as the API runs it);
 *   API:    GET /v1/report/list/sdk on the real server (lib/server.ts: production, request logs on),
 *           one server per store, each with REPORT_STORE_URL naming its store.
 * Prints per size and store the load time (insert + rollup, ClickHouse's merge included) and disk size,
 * and per query p50 / p95 with the 1-minute load average beside every figure; checks that both
 * stores hold the same facts and rollups and give the same answers; calls the run quiet only if no
 * load sample exceeded 1.5 (lib/quiet.ts). Figures go to bench/out/scale.json.
 *
 *   npm run bench:scale [-- --sizes 1e6,1e7,1e8] [--stores duckdb,clickhouse] [--runs 20] [--warmup 3]
 *     [--seed 1] [--skip-api] [--settle 120] [--keep-data]
 *
 * Scratch data (Parquet, the loaded stores) lives under bench/out/scale/ (gitignored) and is removed
 * after each size; data sets this run generated are removed at the end unless --keep-data. Before a
 * size, the free space of bench/out is checked against an estimate and the size refused if short.
 */
import { cpSync, mkdirSync, readdirSync, rmSync, statfsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/server/src/config.ts';
import { openReportStore } from '../apps/server/src/reports/open-store.ts';
import type { ReportStore } from '../apps/server/src/reports/store.ts';
import { type ChdbEndpoint, startChdbEndpoint } from '../apps/server/src/test/chdb-endpoint.ts';
import { type DatasetMeta, ensureDataset, serverEnv } from './lib/dataset.ts';
import { httpLogin } from './lib/http-login.ts';
import { queryMix } from './lib/queries.ts';
import { LoadLog, settle } from './lib/quiet.ts';
import { type Answer, answerOf, answerOverHttp, sameAnswer } from './lib/report-answer.ts';
import {
  clickhouseBytes,
  diskBytes,
  exportParquet,
  loadClickHouse,
  loadDuckDb,
  type RollupFigures,
  rollupFigures,
} from './lib/scale-load.ts';
import { type BenchServer, startServer } from './lib/server.ts';
import {
  machine,
  ms,
  outDir,
  printMachine,
  type Summary,
  saveResult,
  summarize,
  table,
} from './lib/stats.ts';

const STORES = ['duckdb', 'clickhouse'] as const;
type StoreName = (typeof STORES)[number];
const LABEL: Record<StoreName, string> = { duckdb: 'DuckDB', clickhouse: 'ClickHouse (chDB)' };
/** Disk needed per fact while a size runs: data set, Parquet, both stores, sort spill and merges. */
const BYTES_PER_FACT = 250;
/** Kept free besides, for everyone else on the disk. */
const DISK_RESERVE = 5 * 2 ** 30;
/** DuckDB's memory limit while a size is bulk-loaded (the data set generator's own). */
const LOAD_MEMORY_LIMIT = '2GB';

const { values: flags } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1e6,1e7,1e8' },
    stores: { type: 'string', default: STORES.join(',') },
    runs: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
    seed: { type: 'string', default: '1' },
    'skip-api': { type: 'boolean', default: false },
    settle: { type: 'string', default: '120' },
    'keep-data': { type: 'boolean', default: false },
  },
});
const sizes = flags.sizes
  .split(',')
  .map(Number)
  .sort((a, b) => a - b);
const stores = flags.stores.split(',') as StoreName[];
for (const n of sizes) if (!Number.isInteger(n) || n < 10_000) throw new Error(`--sizes: bad size ${n}`);
for (const s of stores)
  if (!STORES.includes(s)) throw new Error(`--stores: expected duckdb and/or clickhouse`);
const runs = Number(flags.runs);
const warmup = Number(flags.warmup);
const settleSeconds = Number(flags.settle);
const scaleDir = path.join(outDir, 'scale');

type Timed = { summary: Summary; answer: Answer; load: number };
type StoreResult = {
  store: StoreName;
  loadSeconds: number;
  mergeSeconds: number | null;
  diskBytes: number;
  loadAfter: number;
  held: RollupFigures;
  engine: Record<string, Timed>;
  api: Record<string, Timed>;
};
type SizeResult = { size: number; dataset: DatasetMeta; parquetBytes: number; stores: StoreResult[] };

const loads = new LoadLog();
const mib = (b: number) => (b / 2 ** 20).toFixed(0);
const n = (x: number) => x.toLocaleString('en');

/** Times each of `fns` `runs` times, rotating which goes first, after `warmup` untimed rounds. */
async function interleaved(fns: (() => Promise<unknown>)[]): Promise<number[][]> {
  for (let i = 0; i < warmup; i++) for (const f of fns) await f();
  const out = fns.map(() => [] as number[]);
  for (let i = 0; i < runs; i++) {
    for (let j = 0; j < fns.length; j++) {
      const k = (i + j) % fns.length;
      const t0 = performance.now();
      await fns[k]?.();
      out[k]?.push(performance.now() - t0);
    }
  }
  return out;
}

/** Refuses a size the free space of bench/out cannot hold (like `df -h`, printed). */
function checkDisk(size: number): void {
  mkdirSync(outDir, { recursive: true });
  const st = statfsSync(outDir);
  const free = st.bavail * st.bsize;
  const need = size * BYTES_PER_FACT + DISK_RESERVE;
  const gib = (b: number) => `${(b / 2 ** 30).toFixed(1)} GiB`;
  console.log(`disk: ${gib(free)} free under ${outDir}; ${n(size)} facts need about ${gib(need)}`);
  if (free < need)
    throw new Error(`not enough disk for ${n(size)} facts: ${gib(free)} free, need ${gib(need)}`);
}

/** A data directory for one server: the data set's accounts and keys, without its report file. */
function accountsCopy(from: string, to: string): string {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    if (name.startsWith('reports') || name === 'meta.json') continue;
    cpSync(path.join(from, name), path.join(to, name), { recursive: true });
  }
  return to;
}

async function runSize(size: number, generated: string[]): Promise<SizeResult> {
  checkDisk(size);
  const dataset = await ensureDataset({
    rows: size,
    seed: Number(flags.seed),
    memoryLimit: LOAD_MEMORY_LIMIT,
  });
  const { meta } = dataset;
  if (!dataset.reused) generated.push(dataset.dataDir);
  console.log(
    `\n== ${n(meta.hourlyRows)} facts: ${n(meta.dailyRows)} daily rollup rows, ${meta.demoApps + meta.syntheticApps} apps, ` +
      `${meta.generatedDays} days ${meta.startDate}–${meta.endDate}` +
      (dataset.reused ? ' (data set reused)' : ` (generated in ${meta.generationSeconds} s)`),
  );
  const scratch = path.join(scaleDir, String(size));
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  const opened = new Map<StoreName, ReportStore>();
  const urls = new Map<StoreName, string>();
  const results: StoreResult[] = [];
  let endpoint: ChdbEndpoint | undefined;
  const servers: BenchServer[] = [];
  try {
    const source = await openReportStore(loadConfig(serverEnv(dataset.dataDir)));
    const parquetDir = path.join(scratch, 'parquet');
    const chunks = await exportParquet(source, meta.startDate, parquetDir).finally(() => source.close());
    const parquetBytes = diskBytes(parquetDir);
    console.log(`Parquet: ${chunks.length} chunks, ${mib(parquetBytes)} MiB`);

    for (const store of stores) {
      let url: string;
      if (store === 'duckdb') url = `duckdb:${path.join(scratch, 'duckdb', 'reports.duckdb')}`;
      else {
        endpoint = await startChdbEndpoint({ dir: scratch });
        url = `clickhouse://default:@${new URL(endpoint.url).host}/bench`;
      }
      urls.set(store, url);
      const servedEnv = serverEnv(dataset.dataDir, { REPORT_STORE_URL: url });
      // DuckDB's bulk load sorts the whole size in one statement: at 100 M facts that does not fit
      // the server's default memory limit (256 MB: "failed to pin block"), so the load gets the
      // generator's limit, as an offline import would; the timings below run on the store opened
      // again as the server opens it.
      const loadEnv =
        store === 'duckdb' ? { ...servedEnv, REPORT_STORE_MEMORY_LIMIT: LOAD_MEMORY_LIMIT } : servedEnv;
      let s = await openReportStore(loadConfig(loadEnv));
      opened.set(store, s);
      const t0 = performance.now();
      let mergeSeconds: number | null = null;
      if (store === 'duckdb') await loadDuckDb(s, parquetDir, meta.startDate, meta.endDate);
      else mergeSeconds = (await loadClickHouse(s, chunks)).mergeSeconds;
      const loadSeconds = (performance.now() - t0) / 1000;
      if (store === 'duckdb') {
        opened.delete(store);
        await s.close();
        s = await openReportStore(loadConfig(servedEnv));
        opened.set(store, s);
      }
      const file = url.slice('duckdb:'.length);
      const bytes =
        store === 'duckdb' ? diskBytes(file) + diskBytes(`${file}.wal`) : await clickhouseBytes(s);
      const held = await rollupFigures(s);
      const loadAfter = loads.sample(`${n(size)} ${store} load`);
      results.push({
        store,
        loadSeconds,
        mergeSeconds,
        diskBytes: bytes,
        loadAfter,
        held,
        engine: {},
        api: {},
      });
    }
    const mix = queryMix(meta.endDate);

    // Engine: the service's code on each store in this process, stores alternating.
    await settle(settleSeconds);
    for (const q of mix) {
      const fns = results.map((r) => () => answerOf(opened.get(r.store) as ReportStore, q));
      const answers = await Promise.all(fns.map((f) => f()));
      const samples = await interleaved(fns);
      const load = loads.sample(`${n(size)} engine ${q.name}`);
      results.forEach((r, i) => {
        r.engine[q.name] = { summary: summarize(samples[i] ?? []), answer: answers[i] as Answer, load };
      });
    }
    // The DuckDB file must be free for its server.
    for (const s of opened.values()) await s.close();
    opened.clear();

    // API: one server per store (its own copy of the accounts), stores alternating.
    if (!flags['skip-api']) {
      for (const r of results) {
        const dir = accountsCopy(dataset.dataDir, path.join(scratch, `${r.store}-data`));
        servers.push(await startServer(dir, { REPORT_STORE_URL: urls.get(r.store) as string }));
      }
      await settle(settleSeconds);
      for (const q of mix) {
        const tokens = await Promise.all(servers.map((s) => httpLogin(s.url, q.email)));
        const fns = servers.map((s, i) => () => answerOverHttp(s.url, tokens[i] as string, q));
        const answers = await Promise.all(fns.map((f) => f()));
        const samples = await interleaved(fns);
        const load = loads.sample(`${n(size)} API ${q.name}`);
        results.forEach((r, i) => {
          r.api[q.name] = { summary: summarize(samples[i] ?? []), answer: answers[i] as Answer, load };
        });
      }
    }
    return { size, dataset: meta, parquetBytes, stores: results };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    for (const s of opened.values()) await s.close();
    await endpoint?.close();
    if (!flags['keep-data']) rmSync(scratch, { recursive: true, force: true });
  }
}

function printSize(r: SizeResult, checks: string[]): void {
  console.log(`\n${n(r.size)} facts — load from the same Parquet (${mib(r.parquetBytes)} MiB)`);
  console.log(
    table(
      ['store', 'load s', 'of which merge s', 'disk MiB', 'hourly rows', 'rollup groups', 'load avg'],
      r.stores.map((s) => [
        LABEL[s.store],
        s.loadSeconds.toFixed(1),
        s.mergeSeconds === null ? '-' : s.mergeSeconds.toFixed(1),
        mib(s.diskBytes),
        n(s.held.hourlyRows),
        n(s.held.dailyGroups),
        String(s.loadAfter),
      ]),
    ),
  );
  const [first, ...rest] = r.stores;
  for (const s of rest) {
    const [a, b] = [s.held, first?.held as RollupFigures];
    const same =
      a.hourlyRows === b.hourlyRows &&
      a.dailyGroups === b.dailyGroups &&
      a.request === b.request &&
      Math.abs(a.revenue - b.revenue) < 0.01;
    if (!same) checks.push(`${n(r.size)}: ${s.store} holds ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`);
  }
  const rows: string[][] = [];
  for (const q of Object.keys(first?.engine ?? {})) {
    for (const s of r.stores) {
      const e = s.engine[q] as Timed;
      const a = s.api[q];
      if (a && !sameAnswer(a.answer, e.answer)) {
        checks.push(
          `${n(r.size)} ${s.store} ${q}: API ${JSON.stringify(a.answer)} ≠ engine ${JSON.stringify(e.answer)}`,
        );
      }
      if (first && !sameAnswer(e.answer, (first.engine[q] as Timed).answer)) {
        checks.push(`${n(r.size)} ${q}: ${s.store} ${JSON.stringify(e.answer)} ≠ ${first.store}`);
      }
      rows.push([
        q,
        LABEL[s.store],
        `${ms(e.summary.p50)} / ${ms(e.summary.p95)}`,
        String(e.load),
        a ? `${ms(a.summary.p50)} / ${ms(a.summary.p95)}` : 'skipped',
        a ? String(a.load) : '-',
        n(e.answer.count),
      ]);
    }
  }
  console.log(`\nms (p50 / p95), ${runs} runs per query and store, ${warmup} warm-up, stores alternating`);
  console.log(table(['query', 'store', 'engine', 'load avg', 'API', 'load avg', 'groups'], rows));
}

function printCurve(all: SizeResult[]): void {
  const queries = Object.keys(all[0]?.stores[0]?.engine ?? {});
  const rows: string[][] = [];
  for (const q of queries) {
    for (const store of stores) {
      rows.push([
        q,
        LABEL[store],
        ...all.map((r) => {
          const s = r.stores.find((x) => x.store === store);
          const t = s?.api[q] ?? s?.engine[q];
          return t ? `${ms(t.summary.p95)} [${t.load}]` : '-';
        }),
      ]);
    }
  }
  const way = flags['skip-api'] ? 'engine' : 'API';
  console.log(`\nthe curve: ${way} p95 ms [load average] by facts`);
  console.log(table(['query', 'store', ...all.map((r) => n(r.size))], rows));
  const top = all.find((r) => r.size >= 100_000_000);
  const publisher = queries[0];
  if (top && publisher) {
    for (const s of top.stores) {
      const t = s.api[publisher] ?? s.engine[publisher];
      if (!t) continue;
      console.log(
        `${publisher} at ${n(top.size)} facts, ${LABEL[s.store]}: p95 ${ms(t.summary.p95)} ms — ${t.summary.p95 <= 100 ? 'pass' : 'MISS'} (≤ 100 ms, ${way})`,
      );
    }
  }
}

async function main() {
  const m = machine();
  printMachine(m);
  loads.sample('start');
  const generated: string[] = [];
  const all: SizeResult[] = [];
  const checks: string[] = [];
  /** Leaves bench/out as this run found it (unless --keep-data): scratch and generated data sets. */
  const cleanUp = () => {
    if (flags['keep-data']) return;
    for (const d of generated) rmSync(d, { recursive: true, force: true });
    rmSync(scaleDir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => {
    cleanUp();
    process.exit(130);
  });
  try {
    for (const size of sizes) {
      const r = await runSize(size, generated);
      all.push(r);
      printSize(r, checks);
    }
  } finally {
    cleanUp();
  }
  printCurve(all);
  loads.sample('end');
  if (checks.length) console.log(`\nWARNING: the stores differ:\n  ${checks.join('\n  ')}`);
  else
    console.log('\nboth stores hold the same facts and rollups, and give the same answers (engine and API)');
  console.log(loads.verdict());
  const file = saveResult('scale', {
    machine: m,
    runs: { runs, warmup },
    sizes: all,
    loads: loads.samples,
    checks,
  });
  console.log(`written ${path.relative(process.cwd(), file)}`);
}

await main();

/**
 * Where an export's peak memory goes (issue 26 item 3): one export on a fresh server (lib/server.ts, as
 * shipped), the server's RSS sampled every 50 ms, and at the highest sample its memory mappings
 * (/proc/PID/smaps) summed by kind, beside the same at idle just before. Kinds: PGlite's WebAssembly
 * memory (the one 128 MiB anonymous mapping: PGlite's default initial memory), anonymous memory by
 * permission (rw-p: V8 heaps, malloc arenas and DuckDB's blocks and operators, which are not told
 * apart here: BENCH_MEMORY_LOG=1 prints V8's and DuckDB's own accounting every
 * BENCH_MEMORY_LOG_MS ms), DuckDB's library and other mapped files. Prints the 1-minute load beside.
 *
 *   npx tsx bench/export-memory.ts [--rows 10000000] [--export-rows 1100000] [--format csv|xlsx]
 *     [--accounts pglite|postgres] [--env NAME=value ...] [--data-dir DIR]
 *
 * --env: more variables of the server (repeatable), e.g. `--env REPORT_STORE_MEMORY_LIMIT=64MB`;
 * --data-dir: a copy of the `--rows` data set to run on instead (e.g. its facts stored in date order).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ensureDataset } from './lib/dataset.ts';
import { pickRange } from './lib/export-range.ts';
import { httpLogin } from './lib/http-login.ts';
import { ensurePgAccounts } from './lib/pg.ts';
import { OPS, queryString } from './lib/queries.ts';
import { startServer } from './lib/server.ts';

const { values: flags } = parseArgs({
  options: {
    rows: { type: 'string', default: '10000000' },
    'export-rows': { type: 'string', default: '1100000' },
    format: { type: 'string', default: 'csv' },
    accounts: { type: 'string', default: 'pglite' },
    env: { type: 'string', multiple: true, default: [] },
    'data-dir': { type: 'string' },
  },
});
const FIELDS =
  'dt,hour,app_key,placement_id,geo,request,response,fill_rate,impression,click,ctr,revenue,ecpm';
const TITLES =
  'Date,Hour,App,Placement,Country,Requests,Responses,Fill rate,Impressions,Clicks,CTR,Revenue,eCPM';
/** PGlite's WebAssembly memory: its initial size (PGlite 0.5, `initialMemory` unset), in KiB. */
const PGLITE_MEMORY_KIB = 128 * 1024;

/** One mapping of /proc/PID/smaps: name, size and resident KiB, permissions. */
type Mapping = { name: string; sizeKiB: number; rssKiB: number; perm: string };

function mappings(pid: number): Mapping[] {
  const out: Mapping[] = [];
  let cur: Mapping | undefined;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const size = (Number.parseInt(head[2] ?? '0', 16) - Number.parseInt(head[1] ?? '0', 16)) / 1024;
      cur = { name: head[4] || '[anon]', sizeKiB: size, rssKiB: 0, perm: head[3] ?? '' };
      out.push(cur);
    } else if (cur && line.startsWith('Rss:')) cur.rssKiB = Number(/(\d+)/.exec(line)?.[1] ?? 0);
  }
  return out;
}

function kindOf(m: Mapping): string {
  if (m.name === '[anon]')
    return m.sizeKiB === PGLITE_MEMORY_KIB && m.perm === 'rw-p'
      ? 'PGlite WebAssembly memory'
      : `anonymous ${m.perm}`;
  if (m.name.includes('duckdb')) return 'DuckDB library';
  return m.name.startsWith('/') ? 'other files' : m.name;
}

/** Resident MiB by kind, largest first, kinds under 0.5 MiB left out. */
function byKind(ms: Mapping[]): string {
  const sums = new Map<string, number>();
  for (const m of ms) sums.set(kindOf(m), (sums.get(kindOf(m)) ?? 0) + m.rssKiB);
  return [...sums]
    .filter(([, kib]) => kib >= 512)
    .sort((a, b) => b[1] - a[1])
    .map(([k, kib]) => `${k} ${(kib / 1024).toFixed(1)}`)
    .join(', ');
}

const rssKiB = (pid: number) =>
  Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];

const dataset = await ensureDataset({ rows: Number(flags.rows) });
const { meta } = dataset;
// Another copy of the data set (e.g. its facts stored in another order): same accounts and dates.
const dataDir = flags['data-dir'] ?? dataset.dataDir;
const range = await pickRange(dataDir, meta.endDate, Number(flags['export-rows']));
const env: Record<string, string> =
  flags.accounts === 'postgres' ? { DATABASE_URL: await ensurePgAccounts() } : {};
for (const kv of flags.env ?? []) {
  const i = kv.indexOf('=');
  if (i < 1) throw new Error(`--env ${kv}: not NAME=value`);
  env[kv.slice(0, i)] = kv.slice(i + 1);
}
const server = await startServer(dataDir, env);
try {
  const token = await httpLogin(server.url, OPS);
  const idle = mappings(server.pid);
  const idleRss = rssKiB(server.pid);
  const params: Record<string, string> = { dt: range.dt, fields: FIELDS, titles: TITLES };
  if (flags.format === 'csv') params.format = 'csv';
  let peak = 0;
  let atPeak = idle;
  const sampler = setInterval(() => {
    const r = rssKiB(server.pid);
    if (r <= peak) return;
    peak = r;
    try {
      atPeak = mappings(server.pid);
    } catch {
      // the server ended between the two reads
    }
  }, 50);
  const t0 = performance.now();
  const res = await fetch(`${server.url}/v1/report/export/sdk?${queryString(params)}`, {
    headers: { token },
  });
  let bytes = 0;
  const reader = res.body?.getReader();
  for (let r = await reader?.read(); r && !r.done; r = await reader?.read()) bytes += r.value.byteLength;
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  const mib = (kib: number) => (kib / 1024).toFixed(0);
  console.log(
    `${flags.format} export, accounts on ${flags.accounts}${Object.keys(env).length ? `, ${JSON.stringify(env)}` : ''}: ` +
      `HTTP ${res.status}, ${range.rows.toLocaleString('en')} rows, ${(bytes / 2 ** 20).toFixed(1)} MiB in ${seconds.toFixed(2)} s; ` +
      `RSS idle ${mib(idleRss)} MiB, peak ${mib(peak)} MiB [load ${load()}]`,
  );
  console.log(`  idle (MiB): ${byKind(idle)}`);
  console.log(`  peak (MiB): ${byKind(atPeak)}`);
} finally {
  await server.stop();
}

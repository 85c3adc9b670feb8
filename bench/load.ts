/**
 * API load (issue 7, part 3): autocannon with 50 connections against the real server (child process),
 * for `--duration` seconds per endpoint after a 2-second warm-up:
 *   - the apps list, GET /v1/app?page_no=1&page_size=10 (as the demo organisation admin; skipped with a
 *     message while the endpoint answers 404);
 *   - the SDK report list, the "publisher 7 d by date" query of bench/lib/queries.ts (count and totals
 *     included), as the demo organisation admin.
 * Prints requests per second (mean), latency p50/p99 in ms, and non-2xx / error counts. Note that the
 * load generator shares the machine's cores with the server. The server runs as shipped (lib/server.ts:
 * production, request logs on). Prints the load average at start and end.
 *
 *   npx tsx bench/load.ts [--rows 10000000] [--connections 50] [--duration 15] [--seed 1]
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ensureDataset } from './lib/dataset.ts';
import { httpLogin } from './lib/http-login.ts';
import { DEMO_ADMIN, queryMix, queryString } from './lib/queries.ts';
import { startServer } from './lib/server.ts';
import { machine, printLoadAtEnd, printMachine, saveResult } from './lib/stats.ts';

const { values: flags } = parseArgs({
  options: {
    rows: { type: 'string', default: '10000000' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '15' },
    seed: { type: 'string', default: '1' },
  },
});
const connections = Number(flags.connections);
const duration = Number(flags.duration);

type LoadFigure = {
  name: string;
  path: string;
  requestsPerSecond: number;
  requests: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  seconds: number;
};

function cannon(url: string, token: string, seconds: number): Promise<autocannon.Result> {
  return autocannon({ url, connections, duration: seconds, headers: { token } });
}

async function main() {
  const m = machine();
  printMachine(m);
  const { dataDir, meta } = await ensureDataset({ rows: Number(flags.rows), seed: Number(flags.seed) });
  console.log(
    `facts: ${meta.hourlyRows.toLocaleString('en')} hourly rows; ${connections} connections, ${duration} s each`,
  );
  const server = await startServer(dataDir);
  const figures: (LoadFigure | { name: string; skipped: string })[] = [];
  try {
    const token = await httpLogin(server.url, DEMO_ADMIN);
    const report = queryMix(meta.endDate)[0];
    const targets = [
      { name: 'apps list', path: '/v1/app?page_no=1&page_size=10' },
      {
        name: `SDK report list (${report?.name})`,
        path: `/v1/report/list/sdk?${queryString(report?.params ?? {})}`,
      },
    ];
    for (const t of targets) {
      const probe = await fetch(`${server.url}${t.path}`, { headers: { token } });
      const body = (await probe.json().catch(() => ({}))) as { code?: number; msg?: string };
      if (probe.status === 404) {
        console.log(`${t.name}: skipped: endpoint not available (HTTP 404)`);
        figures.push({ name: t.name, skipped: 'endpoint not available (HTTP 404)' });
        continue;
      }
      if (body.code !== 0) {
        console.log(`${t.name}: skipped: answered HTTP ${probe.status} code ${body.code} ${body.msg}`);
        figures.push({ name: t.name, skipped: `HTTP ${probe.status} code ${body.code}` });
        continue;
      }
      await cannon(`${server.url}${t.path}`, token, 2);
      const r = await cannon(`${server.url}${t.path}`, token, duration);
      const f: LoadFigure = {
        name: t.name,
        path: t.path,
        requestsPerSecond: r.requests.average,
        requests: r.requests.total,
        p50: r.latency.p50,
        p99: r.latency.p99,
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
        seconds: r.duration,
      };
      figures.push(f);
      console.log(
        `${t.name}: ${f.requestsPerSecond.toFixed(0)} req/s (${f.requests} requests in ${f.seconds.toFixed(1)} s), ` +
          `latency p50 ${f.p50} ms, p99 ${f.p99} ms, non-2xx ${f.non2xx}, errors ${f.errors}`,
      );
    }
  } finally {
    await server.stop();
  }
  const loadAtEnd = printLoadAtEnd();
  saveResult('load', { machine: m, loadAtEnd, dataset: meta, connections, duration, figures });
}

await main();

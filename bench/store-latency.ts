/**
 * DuckDB vs ClickHouse (issue 12): the latency bench's SDK report queries (bench/lib/queries.ts), each
 * with its count and totals row, run as the service runs them (reports/report-list.ts) on both
 * report stores holding the same facts:
 *   duckdb:     a copy of the bench's DuckDB file, in process;
 *   clickhouse: the production ClickHouse adapter over @clickhouse/client and HTTP, against ClickHouse's
 *               engine (chDB 26.x) behind the test harness's endpoint in this process
 *               (apps/server/src/test/chdb-endpoint.ts), loaded with the file's facts through
 *               `replaceDays` (so the rollup is built by ClickHouse's materialized view).
 * The two alternate run by run (stats.ts pairedRuns). Prints ms (p50 / p95) per query and checks
 * that both stores answer the same count and totals. Figures go to bench/out/store-latency.json.
 *
 *   npx tsx bench/store-latency.ts [--rows 1000000] [--runs 20] [--warmup 3] [--seed 1]
 *
 * Caveats: chDB is an embedded engine (clickhouse-local) behind a one-request-at-a-time HTTP shim on
 * the same 2 cores, not a ClickHouse server; the ClickHouse column includes HTTP and JSON parsing.
 */

import { copyFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { copyFacts, daysBetween } from '../apps/server/src/reports/copy-facts.ts';
import { sdkFacts } from '../apps/server/src/reports/fact-tables.ts';
import { sdkDef } from '../apps/server/src/reports/report-defs.ts';
import { queryReportList } from '../apps/server/src/reports/report-list.ts';
import { toReportQuery } from '../apps/server/src/reports/sdk-query.ts';
import type { ReportStore } from '../apps/server/src/reports/store.ts';
import { openClickHouseStore } from '../apps/server/src/reports/stores/clickhouse.ts';
import { openDuckDbStore } from '../apps/server/src/reports/stores/duckdb.ts';
import { startChdbEndpoint } from '../apps/server/src/test/chdb-endpoint.ts';
import { ensureDataset } from './lib/dataset.ts';
import { type MixQuery, queryMix, resolveQuery } from './lib/queries.ts';
import { machine, ms, pairedRuns, printMachine, saveResult, summarize, table } from './lib/stats.ts';

const { values: flags } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
    seed: { type: 'string', default: '1' },
  },
});
const runs = Number(flags.runs);
const warmup = Number(flags.warmup);

type Answer = { count: number; request: number; revenue: number };

async function answer(store: ReportStore, q: MixQuery): Promise<Answer> {
  const { count, total } = await queryReportList(store, sdkDef, toReportQuery(resolveQuery(q)));
  return { count, request: Number(total.request), revenue: Number(total.revenue) };
}

async function main() {
  const m = machine();
  printMachine(m);
  const dataset = await ensureDataset({ rows: Number(flags.rows), seed: Number(flags.seed) });
  const { meta } = dataset;
  console.log(
    `facts: ${meta.hourlyRows.toLocaleString('en')} hourly rows, ${meta.dailyRows.toLocaleString('en')} daily rollup rows, ${meta.generatedDays} days ${meta.startDate}–${meta.endDate}`,
  );
  const original = path.join(dataset.dataDir, 'reports.duckdb');
  const copy = path.join(dataset.dataDir, 'reports-store-bench.duckdb');
  rmSync(`${copy}.wal`, { force: true });
  copyFileSync(original, copy);
  const duck = await openDuckDbStore(copy);
  const endpoint = await startChdbEndpoint();
  const ch = await openClickHouseStore(`clickhouse://default:@${new URL(endpoint.url).host}/bench`);
  const rowsOut: string[][] = [];
  const figures: unknown[] = [];
  const mismatches: string[] = [];
  try {
    const started = performance.now();
    const dash = (d: string) => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}`;
    const copied = await copyFacts(duck, ch, sdkFacts, daysBetween(dash(meta.startDate), dash(meta.endDate)));
    const loadSeconds = (performance.now() - started) / 1000;
    console.log(
      `ClickHouse loaded: ${copied.toLocaleString('en')} hourly rows in ${loadSeconds.toFixed(1)} s`,
    );
    for (const q of queryMix(meta.endDate)) {
      const [a, b] = [await answer(duck, q), await answer(ch, q)];
      if (a.count !== b.count || a.request !== b.request || Math.abs(a.revenue - b.revenue) > 0.01) {
        mismatches.push(`${q.name}: DuckDB ${JSON.stringify(a)} ≠ ClickHouse ${JSON.stringify(b)}`);
      }
      const [ds, cs] = await pairedRuns(
        runs,
        warmup,
        () => answer(duck, q),
        () => answer(ch, q),
      );
      const [d, c] = [summarize(ds), summarize(cs)];
      rowsOut.push([
        q.name,
        `${ms(d.p50)} / ${ms(d.p95)}`,
        `${ms(c.p50)} / ${ms(c.p95)}`,
        (c.p50 / d.p50).toFixed(1),
        String(a.count),
      ]);
      figures.push({ query: q.name, kind: q.kind, groups: a.count, duckdb: d, clickhouse: c });
    }
    console.log(`\nreport latency by store, ms (p50 / p95); ${runs} runs each, ${warmup} warm-up\n`);
    console.log(table(['query', 'DuckDB', 'ClickHouse (chDB)', 'CH/Duck p50', 'groups'], rowsOut));
    if (mismatches.length) console.log(`\nWARNING: answers differ:\n  ${mismatches.join('\n  ')}`);
    else console.log('\nanswers agree (count, request and revenue totals) on both stores');
    const file = saveResult('store-latency', {
      machine: m,
      dataset: meta,
      runs: { runs, warmup },
      loadSeconds,
      figures,
      mismatches,
    });
    console.log(`written ${path.relative(process.cwd(), file)}`);
  } finally {
    await ch.close();
    await duck.close();
    await endpoint.close();
    rmSync(copy, { force: true });
    rmSync(`${copy}.wal`, { force: true });
  }
}

await main();

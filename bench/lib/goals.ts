/**
 * Issue 26's table, figure by figure beside its goal and the load it was measured at, from the parts'
 * figures in bench/out/<part>.json (latency, export, web, scale). `npm run bench` prints it after the
 * parts have run (bench/all.ts); a figure whose file this run did not write says so and when it was
 * written, and a part never run reads "not run". A verdict is only "pass"/"MISS" when the load beside
 * it is ≤ QUIET_LOAD (lib/quiet.ts); above, it reads "pass?"/"MISS?" (indicative, issue 26 item 4:
 * "refuses to call a run quiet above 1.5").
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { QUIET_LOAD } from './quiet.ts';
import { benchDir, table } from './stats.ts';

/** One row of the table: what, the goal, what was measured, the verdict, the load beside it. */
export type GoalRow = { figure: string; goal: string; measured: string; verdict: string; load: string };

// The parts' JSON is read loosely: a part may not have run, or may have run an older version.
// biome-ignore lint/suspicious/noExplicitAny: figures files of the bench's own parts, read defensively
type Json = any;

/** `part`'s figures and when they were written, or null when the part never wrote any. */
function readPart(part: string): { data: Json; writtenAt: Date } | null {
  const file = path.join(benchDir, 'out', `${part}.json`);
  if (!existsSync(file)) return null;
  return { data: JSON.parse(readFileSync(file, 'utf8')), writtenAt: statSync(file).mtime };
}

/** "pass"/"MISS" at a quiet load, "pass?"/"MISS?" above it. */
function verdict(ok: boolean, load: number): string {
  const v = ok ? 'pass' : 'MISS';
  return Number.isFinite(load) && load <= QUIET_LOAD ? v : `${v}?`;
}

const num = (x: number, digits = 0) => (Number.isFinite(x) ? x.toFixed(digits) : '-');
const int = (x: number) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en') : '-');
const loadText = (l: number) => (Number.isFinite(l) ? l.toFixed(2) : '-');

function latencyRows(d: Json): GoalRow[] {
  const load = Number(d.loadAtEnd?.[0] ?? d.loadAtEnd);
  const goal = Number(d.ratioGoal ?? 1.2);
  const rows: GoalRow[] = [
    {
      figure: 'API / raw DuckDB, 12 queries, warm (geo-mean of p50)',
      goal: `≤ ${goal}`,
      measured: num(d.ratioAB, 2),
      verdict: verdict(d.ratioAB <= goal, load),
      load: loadText(load),
    },
  ];
  if (Number.isFinite(d.ratioColdB)) {
    rows.push({
      figure: 'same, cold (a write empties the caller cache before each)',
      goal: `≤ ${goal}`,
      measured: num(d.ratioColdB, 2),
      verdict: verdict(d.ratioColdB <= goal, load),
      load: loadText(load),
    });
  }
  const heavy = d.heavyLoad?.timed;
  if (heavy?.runs) {
    rows.push({
      figure: 'publisher list while 4 heavy queries run (max)',
      goal: '≤ 1,000 ms',
      measured: `${int(heavy.max)} ms`,
      verdict: verdict(heavy.max <= 1000, load),
      load: loadText(load),
    });
  }
  return rows;
}

function exportRows(d: Json): GoalRow[] {
  const rows: GoalRow[] = [];
  const results = ((d.results ?? []) as Json[]).filter((r) => !('skipped' in r));
  const best = Math.max(...((d.xlsxWriterAlone ?? []) as Json[]).map((c) => Number(c.rowsPerSecond)));
  const share = Number(d.ceilingShare ?? 0.8);
  for (const r of results) {
    const load = Number(r.load);
    const who = `${r.format.toUpperCase()}, accounts on ${r.accounts}, ${int(r.rows)} rows`;
    if (r.format === 'xlsx' && Number.isFinite(best)) {
      rows.push({
        figure: `XLSX export vs exceljs alone (${r.accounts})`,
        goal: `≥ ${share * 100} %`,
        measured: `${num((100 * r.rowsPerSecond) / best)} % (${int(r.rowsPerSecond)} vs ${int(best)} rows/s)`,
        verdict: verdict(r.rowsPerSecond / best >= share, load),
        load: loadText(load),
      });
    }
    if (r.format === 'csv') {
      rows.push({
        figure: `CSV export (${r.accounts})`,
        goal: '≥ 100,000 rows/s',
        measured: `${int(r.rowsPerSecond)} rows/s`,
        verdict: verdict(r.rowsPerSecond >= 100_000, load),
        load: loadText(load),
      });
    }
    rows.push({
      figure: `server peak RSS, ${who}`,
      goal: '≤ 300 MiB',
      measured: `${num(r.peakRssMiB)} MiB (${num(r.baselineRssMiB)} before)`,
      verdict: verdict(r.peakRssMiB <= 300, load),
      load: loadText(load),
    });
  }
  return rows;
}

function webRows(d: Json): GoalRow[] {
  const rows: GoalRow[] = [];
  const loads = ((d.loadavg?.firstRows ?? []) as string[]).map((s) => Number(String(s).split(' ')[0]));
  const load = loads.length ? Math.max(...loads) : Number.NaN;
  if (d.firstRows) {
    const lists = (d.listRequests ?? []) as number[];
    rows.push({
      figure: `first SDK rows after navigation (p50, ${d.firstRows.runs} cold contexts, ?t=)`,
      goal: '≤ 1,000 ms',
      // The verdict is on the bench's clock (from page.goto, the new page's renderer start included);
      // the page's own clock (navigation start → first row) is shown beside it.
      measured:
        `${int(d.firstRows.p50)} ms` +
        (d.firstRowsOnPage ? ` (page clock ${int(d.firstRowsOnPage.p50)} ms)` : '') +
        `; list requests per load ${lists.join(', ')}`,
      verdict: verdict(d.firstRows.p50 <= 1000 && lists.every((n) => n === 1), load),
      load: loadText(load),
    });
  }
  const targets: Record<string, Record<string, number>> = {
    login: { desktop: 95, mobile: 90 },
    'report-sdk': { desktop: 95, mobile: 75 },
  };
  for (const r of (d.lighthouse ?? []) as Json[]) {
    const target = targets[r.page]?.[r.formFactor] ?? 90;
    rows.push({
      figure: `Lighthouse /${r.page === 'report-sdk' ? 'report/sdk' : r.page} ${r.formFactor} (median of ${r.scores.length})`,
      goal: `≥ ${target}`,
      measured: `${r.median} (${r.scores.join(', ')})`,
      verdict: verdict(r.median >= target && r.cls <= 0.1, Number(r.maxLoad)),
      load: loadText(Number(r.maxLoad)),
    });
  }
  return rows;
}

/** The publisher 7-day list at the largest size of each store, and the chDB API / engine ratio. */
function scaleRows(d: Json): GoalRow[] {
  const rows: GoalRow[] = [];
  const sizes = (d.sizes ?? []) as Json[];
  const largest = sizes.at(-1);
  if (!largest) return rows;
  for (const s of largest.stores as Json[]) {
    const t = s.api?.['publisher 7 d by date'];
    if (!t) continue;
    rows.push({
      figure: `publisher 7-day list p95 at ${int(largest.size)} facts, ${s.store}`,
      goal: '≤ 100 ms',
      measured: `${num(t.summary.p95, 1)} ms`,
      verdict: verdict(t.summary.p95 <= 100, Number(t.load)),
      load: loadText(Number(t.load)),
    });
  }
  for (const size of sizes) {
    const ch = (size.stores as Json[]).find((s) => s.store === 'clickhouse');
    if (!ch) continue;
    const names = Object.keys(ch.api ?? {}).filter((q) => ch.engine?.[q]);
    if (!names.length) continue;
    const ratios = names.map((q) => ch.api[q].summary.p50 / ch.engine[q].summary.p50);
    const geo = Math.exp(ratios.reduce((a: number, r: number) => a + Math.log(r), 0) / ratios.length);
    const load = Math.max(...names.map((q) => Number(ch.api[q].load)));
    rows.push({
      figure: `API on ClickHouse (chDB) / raw chDB, ${names.length} queries, ${int(size.size)} facts`,
      goal: '≤ 1.2',
      measured: num(geo, 2),
      verdict: verdict(geo <= 1.2, load),
      load: loadText(load),
    });
  }
  return rows;
}

const parts: [string, (d: Json) => GoalRow[]][] = [
  ['latency', latencyRows],
  ['export', exportRows],
  ['web', webRows],
  ['scale', scaleRows],
];

/**
 * Issue 26's table from the parts' figure files; a part whose file is older than `since` (or absent)
 * is named with when it was written (or "not run"), so an old figure is never passed off as this run's.
 */
export function issue26Table(since: Date): string {
  const rows: string[][] = [];
  for (const [part, toRows] of parts) {
    const found = readPart(part);
    if (!found) {
      rows.push([`(${part}: not run)`, '', '', '', '']);
      continue;
    }
    const stale = found.writtenAt < since ? ` [from ${found.writtenAt.toISOString().slice(0, 16)}Z]` : '';
    for (const r of toRows(found.data))
      rows.push([`${r.figure}${stale}`, r.goal, r.measured, r.verdict, r.load]);
  }
  return table(['figure (issue 26)', 'goal', 'measured', 'verdict', 'load'], rows);
}

/** Prints the table with its heading and how to read the verdicts. */
export function printIssue26Table(since: Date): void {
  console.log('\n=== issue 26: every figure beside its goal ===');
  console.log(
    `(verdicts with "?" were measured at a 1-minute load average above ${QUIET_LOAD}: indicative only)\n`,
  );
  console.log(issue26Table(since));
}

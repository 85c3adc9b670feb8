/**
 * Stage timing of `npm test` (issue 24 item 7): each stage's wall time and the 1-minute load average
 * when it ended, printed as a table when the run ends (passed or failed) and written to
 * bench/out/test-stages.json (git-ignored) for `npm run bench:suite`. Node built-ins only: it runs
 * before anything is installed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A stage record: `name`, wall time `seconds` (one decimal), `ok` (false for the stage that stopped
 * the run), and `load` = os.loadavg() [1, 5, 15 min] read when it ended.
 * @typedef {{ name: string, seconds: number, ok: boolean, load: number[] }} Stage
 */

/**
 * A stage timer. `time(name, fn)` runs `fn` (synchronous: the suite's commands run one after another)
 * and records it; a stage that exits the process (scripts/ensure.mjs `run` does on failure) is recorded
 * as failed by the exit hook. `finish()` prints the table and writes `file`; it runs once, on exit.
 * @param {{ file: string, out?: (line: string) => void, now?: () => number }} opts
 */
export function stageTimer({ file, out = console.log, now = () => performance.now() }) {
  /** @type {Stage[]} */
  const stages = [];
  const startedAt = new Date();
  const t0 = now();
  /** @type {{ name: string, start: number } | null} */
  let current = null;
  let finished = false;
  const load = () => os.loadavg().map((l) => Math.round(l * 100) / 100);
  const seconds = (ms) => Math.round(ms / 100) / 10;

  function finish(ok = true) {
    if (finished) return;
    finished = true;
    if (current)
      stages.push({ name: current.name, seconds: seconds(now() - current.start), ok: false, load: load() });
    const total = seconds(now() - t0);
    const report = {
      startedAt: startedAt.toISOString(),
      ok: ok && !current,
      total,
      cpus: os.cpus().length,
      stages,
    };
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    for (const line of formatStages(report)) out(line);
  }

  return {
    stages,
    /** Runs `fn` as stage `name`; returns what `fn` returns. */
    time(name, fn) {
      current = { name, start: now() };
      const result = fn();
      stages.push({ name, seconds: seconds(now() - current.start), ok: true, load: load() });
      current = null;
      return result;
    },
    finish,
  };
}

/**
 * The stage table: one line per stage (seconds, share of the total, 1/5/15-min load average when it
 * ended), then the total. `report` is what test-stages.json holds.
 * @param {{ total: number, ok: boolean, cpus?: number, stages: Stage[] }} report
 * @returns {string[]}
 */
export function formatStages(report) {
  const width = Math.max(5, ...report.stages.map((s) => s.name.length));
  const lines = [
    '',
    `Stage times (${report.ok ? 'passed' : 'failed'}; load = 1/5/15-min average on ${report.cpus ?? '?'} cores when the stage ended)`,
    `  ${'stage'.padEnd(width)}  ${'s'.padStart(7)}  ${'%'.padStart(4)}  load`,
  ];
  for (const s of report.stages) {
    const share = report.total > 0 ? Math.round((100 * s.seconds) / report.total) : 0;
    lines.push(
      `${s.ok ? ' ' : '✗'} ${s.name.padEnd(width)}  ${s.seconds.toFixed(1).padStart(7)}  ${String(share).padStart(4)}  ${s.load.map((l) => l.toFixed(2)).join(' ')}`,
    );
  }
  lines.push(`  ${'total'.padEnd(width)}  ${report.total.toFixed(1).padStart(7)}`);
  return lines;
}

/**
 * Stage timing of `npm test` (issue 24 item 7): each stage's wall time and the 1-minute load average
 * when it ended, printed as a table when the run ends (passed or failed) and written to
 * bench/out/test-stages.json (git-ignored) for `npm run bench:suite`. Node built-ins only: it runs
 * before anything is installed.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A stage record: `name`, wall time `seconds` (one decimal), `ok` (false for the stage that stopped
 * the run), `load` = os.loadavg() [1, 5, 15 min] read when it ended, and, for a stage of commands
 * run side by side, their own wall times as `parts`.
 * @typedef {{ name: string, seconds: number, ok: boolean, load: number[], parts?: { name: string, seconds: number }[] }} Stage
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
    /**
     * Like `time`, for an asynchronous `fn`. When `fn` resolves with the results of runConcurrently,
     * the stage keeps them as its `parts` (each command's own wall time).
     */
    async timeAsync(name, fn) {
      current = { name, start: now() };
      const result = await fn();
      const parts = Array.isArray(result)
        ? result.map((r) => ({ name: r.name, seconds: r.seconds }))
        : undefined;
      stages.push({
        name,
        seconds: seconds(now() - current.start),
        ok: true,
        load: load(),
        ...(parts ? { parts } : {}),
      });
      current = null;
      return result;
    },
    finish,
  };
}

/**
 * Runs commands `limit` at a time in `cwd` (each `{ name, cmd, args }`), holding each one's output and
 * printing it, under its name, when it ends, so parallel checks do not interleave. Resolves with each
 * command's `{ name, code, seconds }` in the order given once all have ended; failures are the caller's
 * to act on (every command runs, so one failure does not hide another).
 * @param {{ name: string, cmd: string, args: string[] }[]} commands
 * @param {{ cwd: string, limit: number, out?: (text: string) => void }} opts
 * @returns {Promise<{ name: string, code: number, seconds: number }[]>}
 */
export async function runConcurrently(commands, { cwd, limit, out = (t) => process.stdout.write(t) }) {
  const results = new Array(commands.length);
  let next = 0;
  const worker = async () => {
    while (next < commands.length) {
      const i = next++;
      const c = commands[i];
      const start = performance.now();
      const chunks = [];
      const code = await new Promise((resolve) => {
        const child = spawn(c.cmd, c.args, { cwd, env: { ...process.env, FORCE_COLOR: '1' } });
        child.stdout.on('data', (d) => chunks.push(d));
        child.stderr.on('data', (d) => chunks.push(d));
        child.on('error', (err) => {
          chunks.push(Buffer.from(`${err.message}\n`));
          resolve(1);
        });
        child.on('close', (status) => resolve(status ?? 1));
      });
      const secs = Math.round((performance.now() - start) / 100) / 10;
      const text = Buffer.concat(chunks).toString();
      out(
        `${code === 0 ? '✓' : '✗'} ${c.name} (${secs} s)\n${text}${text && !text.endsWith('\n') ? '\n' : ''}`,
      );
      results[i] = { name: c.name, code, seconds: secs };
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, commands.length) }, worker));
  return results;
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
    if (s.parts) lines.push(`    (${s.parts.map((p) => `${p.name} ${p.seconds.toFixed(1)} s`).join(', ')})`);
  }
  lines.push(`  ${'total'.padEnd(width)}  ${report.total.toFixed(1).padStart(7)}`);
  return lines;
}

/**
 * `npm run bench:suite`: runs `npm test` (scripts/test.mjs) as is and prints its stage table
 * (bench/out/test-stages.json: wall seconds per stage and the 1/5/15-min load average when each
 * ended), with the machine line and the load average at start and end, and appends the run to
 * bench/out/suite-history.jsonl so runs on a shared machine can be compared. Exit code: the suite's.
 * Issue 24 item 7: the whole suite within 12 minutes on 2 cores.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { formatStages } from '../scripts/stages.mjs';
import { outDir, printLoadAtEnd, printMachine, repoRoot } from './lib/stats.ts';

printMachine();
const started = Date.now();
const r = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/test.mjs')], {
  cwd: repoRoot,
  stdio: 'inherit',
});
const wall = Math.round((Date.now() - started) / 100) / 10;
const report = JSON.parse(readFileSync(path.join(outDir, 'test-stages.json'), 'utf8'));
for (const line of formatStages(report)) console.log(line);
const load = printLoadAtEnd();
const budget = 12 * 60;
console.log(`wall ${wall} s (budget ${budget} s: ${wall <= budget ? 'within' : 'over'})`);
appendFileSync(
  path.join(outDir, 'suite-history.jsonl'),
  `${JSON.stringify({ ...report, wall, loadAtEnd: load, exit: r.status })}\n`,
);
process.exitCode = r.status ?? 1;

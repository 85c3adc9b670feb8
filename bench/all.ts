/**
 * `npm run bench`: the four benchmark parts one after another (each in its own process, so one part's
 * memory and servers never weigh on the next): latency, export, load, web. Figures, not tests: a part
 * that fails is reported and the others still run; the exit code is 1 if any failed.
 *
 *   npm run bench [-- --rows 10000000] [--seed 1] [--only latency,web]
 *
 * --rows and --seed are passed to every part (the data set is generated once and reused); run a part's
 * own script (npm run bench:latency etc.) for its other flags.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchDir, printMachine, repoRoot } from './lib/stats.ts';

const { values: flags } = parseArgs({
  options: {
    rows: { type: 'string', default: '10000000' },
    seed: { type: 'string', default: '1' },
    only: { type: 'string' },
  },
});
const parts = ['latency', 'export', 'load', 'web'].filter(
  (p) => !flags.only || flags.only.split(',').includes(p),
);

printMachine();
const failed: string[] = [];
for (const part of parts) {
  console.log(`\n=== ${part} ===`);
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(benchDir, `${part}.ts`), '--rows', flags.rows, '--seed', flags.seed],
    { cwd: repoRoot, stdio: 'inherit' },
  );
  if (r.status !== 0) failed.push(`${part} (exit ${r.status ?? r.signal})`);
}
if (failed.length) {
  console.log(`\nfailed: ${failed.join(', ')}`);
  process.exitCode = 1;
}

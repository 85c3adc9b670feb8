/**
 * `npm run bench`: the four benchmark parts one after another (each in its own process, so one part's
 * memory and servers never weigh on the next): latency, export, load, web. Figures, not tests: a part
 * that fails is reported and the others still run; the exit code is 1 if any failed.
 *
 *   npm run bench [-- --rows 10000000] [--seed 1] [--only latency,web] [--only scale --sizes 1e6,1e7]
 *
 * --rows and --seed are passed to every part (the data set is generated once and reused); run a part's
 * own script (npm run bench:latency etc.) for its other flags. The scale curve (bench/scale.ts: 1 M to
 * 100 M facts on both report stores, about an hour on a quiet machine) runs only when --only names it;
 * it takes --seed, and --sizes and --stores when given, instead of --rows.
 *
 * Last, issue 26's table: every figure beside its goal and the load it was measured at (lib/goals.ts),
 * from this run's figure files; a figure this run did not measure is marked with when it was.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { printIssue26Table } from './lib/goals.ts';
import { benchDir, printMachine, repoRoot } from './lib/stats.ts';

const { values: flags } = parseArgs({
  options: {
    rows: { type: 'string', default: '10000000' },
    seed: { type: 'string', default: '1' },
    only: { type: 'string' },
    sizes: { type: 'string' },
    stores: { type: 'string' },
  },
});
/** Parts run by default, then the ones run only when --only names them. */
const parts = [...['latency', 'export', 'load', 'web'], ...(flags.only ? ['scale'] : [])].filter(
  (p) => !flags.only || flags.only.split(',').includes(p),
);

/** The arguments of a part's script. */
function partArgs(part: string): string[] {
  if (part !== 'scale') return ['--rows', flags.rows, '--seed', flags.seed];
  return [
    '--seed',
    flags.seed,
    ...(flags.sizes ? ['--sizes', flags.sizes] : []),
    ...(flags.stores ? ['--stores', flags.stores] : []),
  ];
}

printMachine();
const startedAt = new Date();
const failed: string[] = [];
for (const part of parts) {
  console.log(`\n=== ${part} ===`);
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(benchDir, `${part}.ts`), ...partArgs(part)],
    { cwd: repoRoot, stdio: 'inherit' },
  );
  if (r.status !== 0) failed.push(`${part} (exit ${r.status ?? r.signal})`);
}
printIssue26Table(startedAt);
if (failed.length) {
  console.log(`\nfailed: ${failed.join(', ')}`);
  process.exitCode = 1;
}

/**
 * Lighthouse A/B of web builds (issue 11 item 4): the same page of two or more builds of apps/web,
 * served in turn by the server as shipped (bench/lib/prod-server.ts) on the same data and signed in
 * through the spec's `?t=` landing, one Lighthouse run of each build per round, so that a machine's
 * slow minutes fall on every build alike. Prints each run (score, LCP, TBT, FCP in ms, CLS, load
 * average) and then each build's scores and median. A single Lighthouse mobile run moves by ±4 points
 * with the machine: compare medians of alternated runs, never two single runs.
 *
 *   npx tsx bench/web-ab.ts [--rounds 5] [--form mobile|desktop] [--path /report/sdk] [--signed-out] <dist> <dist> …
 *
 * --signed-out: no `?t=` token landing (for /login, which a signed-in visitor leaves for /home).
 *
 * A `<dist>` is a web build directory (apps/web/dist, or a copy of an older build).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureDataset } from './lib/dataset.ts';
import { type FormFactor, type LighthouseFigures, lighthouse } from './lib/lighthouse.ts';
import { demoAdminToken, startProductionServer } from './lib/prod-server.ts';
import { printLoadAtEnd, printMachine } from './lib/stats.ts';

const { values: flags, positionals: dists } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: 'string', default: '5' },
    form: { type: 'string', default: 'mobile' },
    path: { type: 'string', default: '/report/sdk' },
    rows: { type: 'string', default: '1000000' },
    'signed-out': { type: 'boolean', default: false },
  },
});
const form = flags.form as FormFactor;
if (dists.length === 0) throw new Error('name at least one web build directory');

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

printMachine();
const { dataDir } = await ensureDataset({ rows: Number(flags.rows), seed: 1 });
const token = await demoAdminToken(dataDir);
const runs = new Map<string, LighthouseFigures[]>(dists.map((d) => [d, []]));
for (let round = 1; round <= Number(flags.rounds); round++) {
  for (const dist of dists) {
    const server = await startProductionServer(dataDir, path.resolve(dist));
    try {
      // /login is measured signed out: with the token landing it would redirect to /home
      const url = flags['signed-out']
        ? `${server.url}${flags.path}`
        : `${server.url}${flags.path}?t=${encodeURIComponent(token)}`;
      const name = `ab-${path.basename(path.resolve(dist))}-${round}`;
      const f = await lighthouse(url, form, name);
      runs.get(dist)?.push(f);
      console.log(
        `round ${round}  ${dist}  perf ${f.performance}  LCP ${Math.round(f.lcpMs)}  TBT ${Math.round(f.tbtMs)}  ` +
          `FCP ${Math.round(f.fcpMs)}  SI ${Math.round(f.siMs)}  CLS ${f.cls.toFixed(3)}  load ${f.load.before.toFixed(2)} → ${f.load.after.toFixed(2)}`,
      );
    } finally {
      await server.stop();
    }
  }
}
console.log(`\nLighthouse ${form} ${flags.path}, ${flags.rounds} alternated rounds:`);
for (const [dist, figures] of runs) {
  const scores = figures.map((f) => f.performance);
  console.log(
    `  ${dist}: ${scores.join(', ')}  median ${median(scores)}  ` +
      `(LCP median ${Math.round(median(figures.map((f) => f.lcpMs)))} ms, TBT median ${Math.round(median(figures.map((f) => f.tbtMs)))} ms)`,
  );
}
printLoadAtEnd();

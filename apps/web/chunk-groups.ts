/**
 * Chunk groups of the production build (issue 11 item 4). Left to itself the bundler cuts the app
 * into ~300 small shared chunks: /report/sdk asked for ~80 scripts, and on HTTP/1.1's six connections
 * per host each costs a round trip (150 ms on Lighthouse's slow 4G), so the number of scripts, more
 * than their bytes, set the report page's first paint on a phone (Lighthouse mobile 46 → 51–54 with
 * 22 files, bench/RESULTS.md).
 *
 * The groups follow what a visitor loads together, read off a first, unwritten build with the
 * bundler's own splitting (a probe: it knows what tree-shaking kept, which a walk of the import graph
 * does not, since antd's `index.js` re-exports every component):
 *
 *   core     every module /login loads (the entry, the sign-in screen's antd form…), but the sign-in
 *            screen itself: one file where there were ~40. /login loads exactly what it loaded before,
 *            so its budget (≤ 300 KB gzip, e2e/public-pages.e2e.ts) does not move;
 *   screens  the third-party modules /report/sdk loads beyond those (antd's table, select, date
 *            picker…), used by most signed-in screens;
 *   reports  our own modules /report/sdk loads beyond those: the report framework every kind shares.
 *
 * What a screen loads on demand (charts, the column dialog, export) is in neither set and keeps its
 * own chunks, loaded when asked for, as before.
 */
import path from 'node:path';
import type { InlineConfig, Rolldown } from 'vite';
import { inProbe, type ProbeOutput, probeBuild } from './probe-build.ts';

/** The screens whose first load the groups serve (paths under src/). */
const LOGIN_SCREEN = 'features/account/pages/login-page.tsx';
const REPORT_SCREEN = 'features/reports/pages/sdk-report-page.tsx';

export type ChunkSets = { login: Set<string>; report: Set<string> };

/** Module ids in `chunk` and every chunk it imports statically (what loading it brings). */
function loaded(chunks: Map<string, Rolldown.OutputChunk>, roots: Rolldown.OutputChunk[]): Set<string> {
  const ids = new Set<string>();
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const c = queue.pop() as Rolldown.OutputChunk;
    if (seen.has(c.fileName)) continue;
    seen.add(c.fileName);
    for (const id of c.moduleIds) ids.add(id);
    for (const f of c.imports) {
      const next = chunks.get(f);
      if (next) queue.push(next);
    }
  }
  return ids;
}

/** Reads the two sets off a probe build's output. Throws if a screen's chunk is missing. */
export function chunkSets(result: ProbeOutput, srcDir: string): ChunkSets {
  const chunks = new Map(
    result.output.filter((o): o is Rolldown.OutputChunk => o.type === 'chunk').map((c) => [c.fileName, c]),
  );
  const all = [...chunks.values()];
  const entry = all.filter((c) => c.isEntry);
  const facade = (rel: string) => {
    const c = all.find((x) => x.facadeModuleId === path.join(srcDir, rel));
    if (!c) throw new Error(`chunk-groups: no chunk for ${rel}`);
    return c;
  };
  const login = loaded(chunks, [...entry, facade(LOGIN_SCREEN)]);
  const report = loaded(chunks, [...entry, facade(REPORT_SCREEN)]);
  for (const id of login) report.delete(id);
  login.delete(path.join(srcDir, LOGIN_SCREEN));
  return { login, report };
}

/** rolldown `output.codeSplitting` for the sets (`includeDependenciesRecursively: false`: only them). */
export function codeSplitting(sets: ChunkSets) {
  const thirdParty = (id: string) => id.includes(`${path.sep}node_modules${path.sep}`);
  return {
    includeDependenciesRecursively: false,
    groups: [
      { name: 'core', test: (id: string) => sets.login.has(id) },
      { name: 'screens', test: (id: string) => sets.report.has(id) && thirdParty(id) },
      { name: 'reports', test: (id: string) => sets.report.has(id) && !thirdParty(id) },
    ],
  };
}

/**
 * Vite plugin: before the real build, runs the probe (probe-build.ts: same config, bundler's default
 * splitting, nothing written) and sets `codeSplitting` from it. Build only; the dev server is untouched.
 */
export function chunkGroupsPlugin(probeConfig: () => InlineConfig) {
  return {
    name: 'portal-chunk-groups',
    apply: 'build' as const,
    async config(config: InlineConfig) {
      if (inProbe()) return;
      const result = await probeBuild(probeConfig);
      const sets = chunkSets(result, path.resolve(config.root ?? process.cwd(), 'src'));
      return { build: { rolldownOptions: { output: { codeSplitting: codeSplitting(sets) } } } };
    },
  };
}

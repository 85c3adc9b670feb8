/**
 * `npm test`: the whole suite on a fresh clone — install, lint and format check (Biome), import
 * boundaries (dependency-cruiser), type check,
 * unit and server tests (Vitest; PostgreSQL too when TEST_DATABASE_URL is set), web build, server build,
 * then the Chromium journeys (e2e/). Finds Debian's Chromium; as root on Debian it installs it when missing.
 * Prints each stage's wall time at the end, passed or failed, and writes them to
 * bench/out/test-stages.json (scripts/stages.mjs; `npm run bench:suite` runs this and shows them).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ensureDeps, ensureServerBuild, ensureWebBuild, root, run } from './ensure.mjs';
import { runConcurrently, stageTimer } from './stages.mjs';

const timer = stageTimer({ file: path.join(root, 'bench/out/test-stages.json') });
// A failing command exits the process (ensure.mjs `run`): the table still shows how far it got.
process.on('exit', () => timer.finish(false));
const stage = timer.time;
/** `npm run deps`: `depcruise <paths> --config .dependency-cruiser.cjs`. */
const depsScript = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.deps;

stage('install', () => ensureDeps());
// Lint, import boundaries and the four type checks are independent: two at a time on the 2-core
// machines (each is one process), output held per command (scripts/stages.mjs).
const checks = [
  { name: 'biome', cmd: 'npx', args: ['biome', 'check', '.'] },
  // Import boundaries: layers run one way, no feature imports another, no cycle anywhere
  // (.dependency-cruiser.cjs), over the paths of package.json's `deps` script (one list for both).
  { name: 'depcruise', cmd: 'npx', args: depsScript.split(/\s+/) },
  ...['apps/server', 'apps/web', 'e2e', 'packages/contracts'].map((project) => ({
    name: `tsc ${project}`,
    cmd: 'npx',
    args: ['tsc', '-p', project],
  })),
];
await timer.timeAsync('lint, deps, tsc ×4 (2 at a time)', async () => {
  const results = await runConcurrently(checks, { cwd: root, limit: 2 });
  const failed = results.filter((r) => r.code !== 0);
  if (failed.length) {
    console.error(`\n✗ failed: ${failed.map((r) => `${r.name} (exit ${r.code})`).join(', ')}`);
    process.exit(1);
  }
  return results;
});
stage('vitest (unit)', () => run('npx', ['vitest', 'run']));
stage('web build', () => ensureWebBuild({ force: true }));
// The journeys run the server as shipped: the compiled dist (e2e/global-setup.ts).
stage('server build', () => ensureServerBuild({ force: true }));

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    console.error(
      `✗ Chromium not found at ${chromium}. Install Debian's chromium (apt-get install chromium fonts-noto-cjk) or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
  console.log('• installing Debian chromium for the browser journeys…');
  stage('chromium install', () => {
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    run('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk'], {
      DEBIAN_FRONTEND: 'noninteractive',
    });
  });
}
stage('vitest (e2e)', () =>
  run('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts'], { CHROMIUM_PATH: chromium }),
);
timer.finish(true);
console.log('\n✓ all checks passed');

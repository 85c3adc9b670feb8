/**
 * `npm test`: the whole suite on a fresh clone — install, lint and format check (Biome), import
 * boundaries (dependency-cruiser), type check,
 * unit and server tests (Vitest; PostgreSQL too when TEST_DATABASE_URL is set), web build, server build,
 * then the Chromium journeys (e2e/). Finds Debian's Chromium; as root on Debian it installs it when missing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureDeps, ensureServerBuild, ensureWebBuild, run } from './ensure.mjs';

ensureDeps();
run('npx', ['biome', 'check', '.']);
// Import boundaries: layers run one way, no feature imports another, no cycle anywhere (.dependency-cruiser.cjs).
run('npx', [
  'depcruise',
  'apps/server/src',
  'apps/web/src',
  'packages/contracts/src',
  'e2e',
  'bench',
  'scripts',
  '--config',
  '.dependency-cruiser.cjs',
]);
run('npx', ['tsc', '-p', 'packages/contracts']);
run('npx', ['tsc', '-p', 'apps/server']);
run('npx', ['tsc', '-p', 'apps/web']);
run('npx', ['tsc', '-p', 'e2e']);
run('npx', ['vitest', 'run']);
ensureWebBuild({ force: true });
// The journeys run the server as shipped: the compiled dist (e2e/global-setup.ts).
ensureServerBuild({ force: true });

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
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  run('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk'], {
    DEBIAN_FRONTEND: 'noninteractive',
  });
}
run('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts'], { CHROMIUM_PATH: chromium });
console.log('\n✓ all checks passed');

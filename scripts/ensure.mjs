/**
 * Shared steps of `npm start` and `npm test` on a fresh clone: install dependencies when node_modules
 * is missing or older than package-lock.json, and build the web app when its dist is missing or older
 * than its sources. Uses only Node built-ins, so it runs before anything is installed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command in the repo root with inherited output; exits the process on failure. */
export function run(cmd, args, env = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (res.status !== 0) {
    console.error(`\n✗ ${cmd} ${args.join(' ')} failed (exit ${res.status ?? res.signal})`);
    process.exit(res.status ?? 1);
  }
}

function mtime(p) {
  try {
    return statSync(p).mtimeMs;
  } catch {
    return 0;
  }
}

/** Newest modification time of the files below `dir` (skips node_modules and dist). */
function newest(dir) {
  let max = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(p) : mtime(p));
  }
  return max;
}

/** `npm ci` when dependencies are missing or stale. */
export function ensureDeps() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(marker) || mtime(marker) < mtime(path.join(root, 'package-lock.json'))) {
    console.log('• installing dependencies (npm ci)…');
    // npm 11 can reject its own lockfile when a registry lacks other platforms' optional packages
    // (npm/cli#9846); `npm install` then installs the same locked versions.
    const ci = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
    if (ci.status !== 0) run('npm', ['install', '--no-audit', '--no-fund']);
  }
}

/** Builds apps/web when dist is missing or older than the web app's or the contracts' sources. */
export function ensureWebBuild({ force = false } = {}) {
  const index = path.join(root, 'apps/web/dist/index.html');
  const sources = Math.max(
    newest(path.join(root, 'apps/web')),
    newest(path.join(root, 'packages/contracts/src')),
  );
  if (force || !existsSync(index) || mtime(index) < sources) {
    console.log('• building the web app…');
    run('npm', ['run', 'build', '-w', 'apps/web']);
  }
}

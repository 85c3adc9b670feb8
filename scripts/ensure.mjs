/**
 * Shared steps of `npm start` and `npm test` on a fresh clone: install dependencies when node_modules
 * is missing or older than package-lock.json, build the web app when its dist is missing or older
 * than its sources, and compile the server (scripts/build-server.mjs) when apps/server/dist is missing
 * or older than the server's or the contracts' sources. Uses only Node built-ins, so it runs before
 * anything is installed. Silent when there is nothing to do.
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

/** True when dependencies are missing or older than package-lock.json. */
export function needsDeps() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  return !existsSync(marker) || mtime(marker) < mtime(path.join(root, 'package-lock.json'));
}

/** True when the web build is missing or older than the web app's or the contracts' sources. */
export function needsWebBuild() {
  const index = path.join(root, 'apps/web/dist/index.html');
  const sources = Math.max(
    newest(path.join(root, 'apps/web')),
    newest(path.join(root, 'packages/contracts/src')),
  );
  return !existsSync(index) || mtime(index) < sources;
}

/** True when the compiled server is missing or older than its sources. */
export function needsServerBuild() {
  const main = path.join(root, 'apps/server/dist/main.js');
  const sources = Math.max(
    newest(path.join(root, 'apps/server')),
    newest(path.join(root, 'packages/contracts/src')),
    mtime(path.join(root, 'scripts/build-server.mjs')),
  );
  return !existsSync(main) || mtime(main) < sources;
}

/** `npm ci` when dependencies are missing or stale. */
export function ensureDeps() {
  if (needsDeps()) {
    console.log('• installing dependencies (npm ci)…');
    // npm 11 can reject its own lockfile when a registry lacks other platforms' optional packages
    // (npm/cli#9846); `npm install` then installs the same locked versions.
    // --include=dev: the builds (vite, esbuild) are dev dependencies, needed even with NODE_ENV=production.
    // Quiet: `npm ci`'s refusal is expected there and only its fallback's real errors are shown
    // (warnings such as another package's engine range are not ours to act on).
    const flags = ['--include=dev', '--no-audit', '--no-fund', '--loglevel=error'];
    const ci = spawnSync('npm', ['ci', ...flags], { cwd: root, stdio: 'ignore' });
    if (ci.status !== 0) run('npm', ['install', ...flags]);
  }
}

/** Builds apps/web when dist is missing or older than the web app's or the contracts' sources. */
export function ensureWebBuild({ force = false } = {}) {
  if (force || needsWebBuild()) {
    console.log('• building the web app…');
    // Warnings and errors only: the per-file size table is in `npm run build`.
    run('npm', ['run', '--silent', 'build', '-w', 'apps/web', '--', '--logLevel', 'warn']);
  }
}

/** Compiles apps/server to apps/server/dist when it is missing or older than its sources. */
export function ensureServerBuild({ force = false } = {}) {
  if (force || needsServerBuild()) {
    console.log('• compiling the server…');
    run(process.execPath, ['scripts/build-server.mjs']);
  }
}

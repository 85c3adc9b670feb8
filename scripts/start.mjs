/**
 * `npm start`: installs and builds what is missing (dependencies, the web app, the compiled server),
 * then runs the compiled server, `node apps/server/dist/main.js`, in this process (API and the built
 * web app on one port, default http://127.0.0.1:8080, embedded stores under ./data, demo data on first
 * start). No TypeScript loader at run time. Each long step says what to expect and shows that it is
 * still running (scripts/start-steps.mjs); the start ends with one plain line: the address to open
 * and the demo account. On an install that is ready only that line is printed.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { needsDeps, needsServerBuild, needsWebBuild, root } from './ensure.mjs';
import { readyLine, step, waitUntilUp } from './start-steps.mjs';

async function must(label, hint, cmd, args) {
  const { code, log } = await step(label, hint, cmd, args, { cwd: root });
  if (code !== 0) {
    process.stderr.write(log);
    console.error(`\n✗ ${label} failed (exit ${code})`);
    process.exit(code);
  }
}

const npmFlags = ['--include=dev', '--no-audit', '--no-fund', '--loglevel=error'];
if (needsDeps()) {
  const hint = 'a few minutes on a fresh clone, longer on a slow network';
  const { code } = await step('installing dependencies (npm ci)', hint, 'npm', ['ci', ...npmFlags], {
    cwd: root,
  });
  // npm 11 can reject its own lockfile when a registry lacks other platforms' optional packages
  // (npm/cli#9846); `npm install` then installs the same locked versions.
  if (code !== 0) await must('installing dependencies (npm install)', hint, 'npm', ['install', ...npmFlags]);
}
if (needsWebBuild()) {
  await must('building the web app', 'about 10–60 s', 'npm', [
    'run',
    '--silent',
    'build',
    '-w',
    'apps/web',
    '--',
    '--logLevel',
    'warn',
  ]);
}
if (needsServerBuild()) {
  await must('compiling the server', 'a few seconds', process.execPath, ['scripts/build-server.mjs']);
}

const host = process.env.HOST || '127.0.0.1';
const port = process.env.PORT || '8080';
const dataDir = path.resolve(root, process.env.DATA_DIR || 'data');
const demo = process.env.DEMO_SEED !== 'false';
if (demo && !existsSync(dataDir)) {
  console.log(
    '• first start: seeding the demo network (about 10 s on a quiet machine, up to 2 min on a busy one)…',
  );
}
// A quiet terminal: warnings and errors only, unless LOG_LEVEL says otherwise (info logs every
// request and every mail written to data/outbox).
process.env.LOG_LEVEL ||= 'warn';
// Stack traces name the TypeScript sources (dist/*.js.map).
process.setSourceMapsEnabled(true);
await import(pathToFileURL(`${root}/apps/server/dist/main.js`).href);
const local = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
if (await waitUntilUp(`http://${local.includes(':') ? `[${local}]` : local}:${port}/healthz`)) {
  console.log(readyLine({ host, port, demo }));
}

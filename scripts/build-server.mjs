/**
 * Compiles the server once (esbuild) so production runs plain JavaScript with Node, no TypeScript
 * loader: apps/server/src/main.ts → apps/server/dist/main.js, src/reports/import/cli.ts → dist/cli.js
 * and src/keys-cli.ts → dist/keys-cli.js, ESM for Node 20, with source maps. @portal/contracts
 * (TypeScript source in this repo) is bundled; every other package stays external and is loaded from
 * node_modules at run time.
 *
 * Files the server opens by path next to its own module (`import.meta.url`) are copied beside the
 * bundle so they resolve the same way from dist/: the Drizzle migrations (src/db/drizzle → dist/drizzle,
 * db/client.ts) and the XLSX worker with the cell module it imports (src/reports/export/xlsx-worker.mjs
 * and xlsx-cells.mjs → dist/, reports/export/xlsx-export.ts). apps/web/dist is found at the same
 * depth (apps/server/dist/../../web/dist).
 *
 * `node scripts/build-server.mjs [--outdir DIR]`; `buildServer({ outdir })` for scripts and tests.
 */
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps/server');
export const defaultOutdir = path.join(server, 'dist');

/** Keeps every bare import external except the workspace's own TypeScript packages (@portal/*). */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@portal/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * Builds the server into `outdir`, overwriting the files in place (not emptying the folder first, so
 * a server running from it keeps finding its worker file). Returns esbuild's result; throws on a
 * build error.
 */
export async function buildServer({ outdir = defaultOutdir } = {}) {
  mkdirSync(outdir, { recursive: true });
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: {
      main: path.join(server, 'src/main.ts'),
      cli: path.join(server, 'src/reports/import/cli.ts'),
      'keys-cli': path.join(server, 'src/keys-cli.ts'),
    },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externalPackages],
  });
  rmSync(path.join(outdir, 'drizzle'), { recursive: true, force: true });
  cpSync(path.join(server, 'src/db/drizzle'), path.join(outdir, 'drizzle'), { recursive: true });
  for (const file of ['xlsx-worker.mjs', 'xlsx-cells.mjs'])
    cpSync(path.join(server, 'src/reports/export', file), path.join(outdir, file));
  return result;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
  await buildServer({ outdir: values.outdir ? path.resolve(values.outdir) : defaultOutdir });
}

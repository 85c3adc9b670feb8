/**
 * `npm run import -- --kind <kind> --file <csv|parquet>`: compiles the server when its dist is stale,
 * then runs the compiled importer (apps/server/dist/cli.js, from src/reports/import/cli.ts) with the arguments.
 */
import { pathToFileURL } from 'node:url';
import { ensureServerBuild, root } from './ensure.mjs';

ensureServerBuild();
process.setSourceMapsEnabled(true);
await import(pathToFileURL(`${root}/apps/server/dist/cli.js`).href);

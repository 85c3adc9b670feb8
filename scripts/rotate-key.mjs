/**
 * `npm run keys:rotate`: compiles the server when its dist is stale, then runs the compiled key
 * rotation (apps/server/dist/keys-cli.js, from src/keys-cli.ts) with this environment.
 */
import { pathToFileURL } from 'node:url';
import { ensureServerBuild, root } from './ensure.mjs';

ensureServerBuild();
process.setSourceMapsEnabled(true);
await import(pathToFileURL(`${root}/apps/server/dist/keys-cli.js`).href);

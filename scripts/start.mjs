/**
 * `npm start`: installs and builds what is missing, then runs the server in this process (API and the
 * built web app on one port, default http://127.0.0.1:8080, embedded stores under ./data, demo data on
 * first start).
 */
import { pathToFileURL } from 'node:url';
import { ensureDeps, ensureWebBuild, root } from './ensure.mjs';

ensureDeps();
ensureWebBuild();
const { register } = await import('tsx/esm/api');
register();
await import(pathToFileURL(`${root}/apps/server/src/main.ts`).href);

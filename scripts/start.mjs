/**
 * `npm start`: installs and builds what is missing (dependencies, the web app, the compiled server),
 * then runs the compiled server, `node apps/server/dist/main.js`, in this process (API and the built
 * web app on one port, default http://127.0.0.1:8080, embedded stores under ./data, demo data on first
 * start). No TypeScript loader at run time. Prints nothing of its own on an install that is ready.
 */
import { pathToFileURL } from 'node:url';
import { ensureDeps, ensureServerBuild, ensureWebBuild, root } from './ensure.mjs';

ensureDeps();
ensureWebBuild();
ensureServerBuild();
// Stack traces name the TypeScript sources (dist/*.js.map).
process.setSourceMapsEnabled(true);
await import(pathToFileURL(`${root}/apps/server/dist/main.js`).href);

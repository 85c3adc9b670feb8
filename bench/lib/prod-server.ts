/**
 * The server as shipped, for the web figures (issue 11): NODE_ENV=production, request logging on
 * (LOG_LEVEL info), the built web app from `webDist`, started by lib/server.ts (the compiled
 * `apps/server/dist/main.js` when the tree has one). Production refuses the test captcha answer, so
 * the caller logs in first on a test-mode server over the same data directory (sessions live in the
 * accounts store) and reuses the token here: {@link demoAdminToken}.
 */
import { httpLogin } from './http-login.ts';
import { DEMO_ADMIN } from './queries.ts';
import { type BenchServer, startServer } from './server.ts';

/** The demo admin's token, from a short-lived test-mode server on `dataDir` (stopped before it returns). */
export async function demoAdminToken(dataDir: string): Promise<string> {
  const server = await startServer(dataDir);
  try {
    return await httpLogin(server.url, DEMO_ADMIN);
  } finally {
    await server.stop();
  }
}

export type ProdServer = BenchServer & {
  /** How it runs, for the printed figures. */
  how: string;
  /** The content-encoding of a JavaScript asset asked for with `Accept-Encoding: br, gzip` ('' = none). */
  assetEncoding: string;
};

/** Starts the server as shipped (lib/server.ts `startServer`) on `dataDir`, serving `webDist`. */
export async function startProductionServer(dataDir: string, webDist: string): Promise<ProdServer> {
  const server = await startServer(dataDir, { WEB_DIST: webDist });
  return { ...server, how: server.command, assetEncoding: await assetEncoding(server.url) };
}

/** The encoding the server answers for the entry script of its index.html. */
async function assetEncoding(url: string): Promise<string> {
  const html = await (await fetch(`${url}/login`)).text();
  const src = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
  if (!src) return '';
  const res = await fetch(new URL(src, url), { headers: { 'Accept-Encoding': 'br, gzip' } });
  await res.arrayBuffer();
  return res.headers.get('content-encoding') ?? '';
}

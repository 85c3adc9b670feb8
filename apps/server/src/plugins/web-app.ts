/**
 * Serves the built web app (apps/web/dist, or WEB_DIST) with an SPA fallback for non-API GET/HEAD:
 * - pre-compressed files: the build writes `x.br` and `x.gz` beside each text asset
 *   (apps/web/vite.config.ts) and @fastify/static sends the best one the client's Accept-Encoding
 *   takes (`preCompressed`, with `Vary: Accept-Encoding`), so no request compresses anything;
 * - caching: hashed assets (`/assets/*`, names change with their content) `public, max-age=31536000,
 *   immutable`; everything else, index.html and the SPA fallback included, `no-cache` (revalidate
 *   each time, so a new deploy is seen at once).
 * - landing pages: a signed-in screen's path is answered with the build's `landing/<path>.html` when it
 *   has one (apps/web/landing-pages.ts: index.html plus the screen's chunks named up front and a static
 *   frame painted before the app runs); every other path gets index.html.
 * - a hashed asset this build lacks answers the 404 envelope with `no-store`, never the SPA fallback.
 * Without a build, unknown routes answer the 404 envelope only.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isApiPath } from '@portal/contracts/endpoints.ts';
import type { FastifyInstance } from 'fastify';
import { answerNotFound } from './error-handler.ts';

/** Where the build's hashed files are served. */
const ASSETS_PREFIX = '/assets/';
/**
 * Whether `url` never falls back to the web app: the API (contracts endpoints.ts), its document, and
 * the hashed assets. A chunk this build does not have (a page of the previous deploy asking one of its
 * own chunks, on several replicas during a rolling deploy) answers 404, so the page's import fails
 * as such and the screen offers a reload (apps/web/src/components/screen-error-boundary.tsx), instead
 * of index.html sent as JavaScript with status 200.
 */
const noFallback = (url: string) =>
  isApiPath(url) || url.startsWith('/docs') || url.startsWith(ASSETS_PREFIX);
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/**
 * The build's landing pages by URL path (`landing/report/sdk.html` → `/report/sdk`), read once at
 * start-up; empty when the build has none.
 */
export function landingPages(dist: string): Map<string, string> {
  const dir = path.join(dist, 'landing');
  if (!existsSync(dir)) return new Map();
  return new Map(
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.html'))
      .map((f) => {
        const rel = f.split(path.sep).join('/');
        return [`/${rel.slice(0, -'.html'.length)}`, `landing/${rel}`];
      }),
  );
}

/** Registers the static web app from `dist` when it holds an index.html. */
export function registerWebApp(app: FastifyInstance, dist: string) {
  if (!existsSync(path.join(dist, 'index.html'))) {
    app.setNotFoundHandler(answerNotFound);
    return;
  }
  const assets = `${path.join(dist, 'assets')}${path.sep}`;
  const landings = landingPages(dist);
  // The web app's files are public (plugins/route-callers.ts). @fastify/static takes no route config
  // and must sit on the root (the fallback below sends its index.html), so a root hook marks its
  // routes: it is added last, after every module, and so marks only these.
  app.addHook('onRoute', (route) => {
    route.config = { scopeCaller: 'public', ...route.config };
  });
  app.register(fastifyStatic, {
    root: dist,
    prefix: '/',
    wildcard: false,
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, file) => {
      res.header('cache-control', file.startsWith(assets) ? IMMUTABLE : REVALIDATE);
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (read && !noFallback(url)) {
      const page = landings.get(url.split('?')[0] as string) ?? 'index.html';
      return reply.type('text/html').sendFile(page);
    }
    // Not kept by a cache in front of us: the replica that has the file may answer the next request.
    if (url.startsWith(ASSETS_PREFIX)) reply.header('cache-control', 'no-store');
    return answerNotFound(request, reply);
  });
}

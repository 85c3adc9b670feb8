/**
 * Serves the built web app (apps/web/dist, or WEB_DIST) with an SPA fallback for non-API GET/HEAD:
 * - pre-compressed files: the build writes `x.br` and `x.gz` beside each text asset
 *   (apps/web/vite.config.ts) and @fastify/static sends the best one the client's Accept-Encoding
 *   takes (`preCompressed`, with `Vary: Accept-Encoding`), so no request compresses anything;
 * - caching: hashed assets (`/assets/*`, names change with their content) `public, max-age=31536000,
 *   immutable`; everything else, index.html and the SPA fallback included, `no-cache` (revalidate
 *   each time, so a new deploy is seen at once).
 * Without a build, unknown routes answer the 404 envelope only.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isApiPath } from '@portal/contracts/endpoints.ts';
import type { FastifyInstance } from 'fastify';
import { answerNotFound } from './error-handler.ts';

/** Whether `url` never falls back to the web app: the API (contracts endpoints.ts) and its document. */
const noFallback = (url: string) => isApiPath(url) || url.startsWith('/docs');
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** Registers the static web app from `dist` when it holds an index.html. */
export function registerWebApp(app: FastifyInstance, dist: string) {
  if (!existsSync(path.join(dist, 'index.html'))) {
    app.setNotFoundHandler(answerNotFound);
    return;
  }
  const assets = `${path.join(dist, 'assets')}${path.sep}`;
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
      return reply.type('text/html').sendFile('index.html');
    }
    return answerNotFound(request, reply);
  });
}

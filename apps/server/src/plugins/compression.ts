/**
 * Compression of dynamic answers (@fastify/compress): API JSON and other text of 1 KiB or more goes
 * out brotli (quality 4, the library's default for on-the-fly work) or gzip, as the client's
 * Accept-Encoding prefers. Not compressed here:
 * - report exports (CSV, XLSX; every route whose path has an `/export` segment): XLSX is a zip
 *   already; a CSV stream is sent as written, byte for byte, so the CPU of this small machine goes to
 *   producing rows (exports are downloads, not page loads);
 * - the web app's files: they are pre-compressed at build time (plugins/web-app.ts), and an answer
 *   that already has a Content-Encoding is left alone.
 * Registered before any route: the library wraps the routes added after it.
 */
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Smallest answer worth compressing, bytes. */
export const COMPRESS_THRESHOLD = 1024;

/** Routes of streamed report exports (`/v1/report/export/sdk`, `/v1/report/list/game/sdk/export`). */
const EXPORT_ROUTE = /\/export(\/|$)/;

/** Content types compressed on the fly besides those mime-db calls compressible (the library's rule). */
const COMPRESSIBLE =
  /^(application\/(json|javascript|openmetrics-text)|text\/(html|css|javascript|plain)|image\/svg\+xml)\b/;

export async function registerCompression(app: FastifyInstance) {
  // Runs before the library's own onRoute hook, which honours `compress: false`.
  app.addHook('onRoute', (route) => {
    if (EXPORT_ROUTE.test(route.url)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
  });
}

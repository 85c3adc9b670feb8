/**
 * The internal import endpoint (issue 14 item 22; README "Loading report facts"): `npm run import`
 * hands its file to the serving portal, which owns the DuckDB file, so facts load without downtime.
 * `POST /internal/import?kind=<kind>&name=<file name>` with the file's bytes as
 * `application/octet-stream` and the secret of `DATA_DIR/import-handoff.json` (import/handoff.ts) in
 * `x-import-secret`; anything else answers 402. The bytes go to a private temp directory under
 * DATA_DIR, then the store-level import runs (import-facts.ts: validate, then one transaction that
 * replaces the file's dates; reports keep being served and see the new dates at commit).
 * Answers `{ kind, rows, days }`, or 604 with `errors: [{ field: 'file', message }]` naming the line.
 * Hidden from the OpenAPI document: it is no client API.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { endpoints } from '@portal/contracts/endpoints.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, paramError } from '../../lib/app-error.ts';
import { route } from '../../lib/endpoint-route.ts';
import { ok } from '../../lib/route-schema.ts';
import { factTables } from '../../reports/fact-tables.ts';
import {
  IMPORT_SECRET_HEADER,
  newImportSecret,
  removeHandoff,
  secretMatches,
  writeHandoff,
} from '../../reports/import/handoff.ts';
import { importFacts } from '../../reports/import/import-facts.ts';

/** The URL a local client reaches the listening server at (wildcard hosts → loopback). */
function localUrl(address: AddressInfo | string | null): string | null {
  if (!address || typeof address === 'string') return null;
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}

/** Registers the endpoint and publishes the handoff file while the server listens. */
export async function importRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Its own secret, checked before the body is read.
  const secret = newImportSecret();
  const dataDir = app.config.dataDir;

  app.addHook('onListen', async () => {
    const url = localUrl(app.server.address());
    if (url) writeHandoff(dataDir, { url, pid: process.pid, secret });
  });
  app.addHook('onClose', async () => removeHandoff(dataDir, secret));

  // The body is streamed to disk by the handler, never buffered (facts files are large).
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));

  const checkSecret = async (request: { headers: Record<string, string | string[] | undefined> }) => {
    if (!secretMatches(request.headers[IMPORT_SECRET_HEADER], secret)) throw new AppError(402);
  };
  route(app, endpoints.ops.importFacts, { hide: true, onRequest: checkSecret }, async (request) => {
    const { kind, name } = request.query;
    if (!factTables[kind]) {
      throw paramError([
        { field: 'kind', message: `unknown kind ${kind}; one of ${Object.keys(factTables).join(', ')}` },
      ]);
    }
    const body = request.body as Readable | undefined;
    if (!body || typeof body.pipe !== 'function') {
      throw paramError([{ field: 'file', message: 'send the file as application/octet-stream' }]);
    }
    const dir = await mkdtemp(path.join(dataDir, 'import-'));
    const file = path.join(dir, /\.parquet$/i.test(name) ? 'upload.parquet' : 'upload.csv');
    try {
      await pipeline(body, createWriteStream(file, { mode: 0o600 }));
      const result = await importFacts(app.reportStore, kind, file);
      request.log.info({ kind, rows: result.rows, days: result.days.length }, 'report facts imported');
      return ok(request, result);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      request.log.warn({ kind, name, err: message }, 'report facts import refused');
      throw paramError([{ field: 'file', message: message.replaceAll(file, path.basename(name)) }]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
}

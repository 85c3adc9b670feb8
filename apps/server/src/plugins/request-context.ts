/**
 * The current request's client address (and user agent) for code that runs deep inside services (the audit log
 * records it in the same transaction as each change, modules/audit/audit.ts) without threading it
 * through every signature. AsyncLocalStorage entered in `onRequest` (the pattern of
 * @fastify/request-context): the rest of the request lifecycle runs inside it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/** The client address and its user agent (at most 512 characters). */
export type RequestContext = { ip: string | null; userAgent: string | null };

const storage = new AsyncLocalStorage<RequestContext>();

/** Adds the root `onRequest` hook that opens the context. */
export function registerRequestContext(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    storage.run(
      { ip: request.ip ?? null, userAgent: request.headers['user-agent']?.slice(0, 512) ?? null },
      done,
    );
  });
}

/** The context of the request being served; undefined outside a request (workers, tests, seeds). */
export function requestContext(): RequestContext | undefined {
  return storage.getStore();
}

/**
 * Probes for a load balancer or orchestrator, and the drain state of a graceful shutdown:
 * - `GET /healthz`: the process is up and its event loop answers; touches no store. 200 `{ status: 'up' }`.
 * - `GET /readyz`: the accounts store answers `select 1` and the report store answers `SELECT 1`, each
 *   within READY_CHECK_TIMEOUT_MS. 200 with `{ accounts: 'up', reports: 'up' }`; otherwise HTTP 503
 *   with the 602 envelope and `data` naming the store that failed, e.g.
 *   `{ accounts: 'up', reports: 'down', failed: ['reports'] }`.
 * - while draining (plugins/shutdown.ts, after SIGTERM): every new request, /readyz included, is
 *   answered HTTP 503 with the 602 envelope, `data.failed: ['shutting_down']` and `Connection: close`,
 *   so balancers stop sending and clients retry elsewhere; /healthz still answers 200 (the process is
 *   alive, only leaving). Requests already running are not affected.
 */
import { codeMessage } from '@portal/contracts/codes.ts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { requestLang } from '../lib/request-lang.ts';

/** Longest wait for one store's answer before /readyz calls it down, ms. */
export const READY_CHECK_TIMEOUT_MS = 2000;

export type Lifecycle = {
  /** True once a graceful shutdown has begun: new requests get 503. */
  draining: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

type StoreState = 'up' | 'down';

/** Resolves 'up' when `check` resolves within `ms`, 'down' when it rejects or takes longer. */
async function probe(check: () => Promise<unknown>, ms: number, onDown: (err: unknown) => void) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'up' as StoreState;
  } catch (err) {
    onDown(err);
    return 'down' as StoreState;
  } finally {
    clearTimeout(timer);
  }
}

function unavailable(request: FastifyRequest, reply: FastifyReply, data: Record<string, unknown>) {
  return reply.code(503).send({ code: 602, msg: codeMessage(602, requestLang(request)), data });
}

async function healthPlugin(app: FastifyInstance) {
  app.decorate('lifecycle', { draining: false });

  app.addHook('onRequest', async (request, reply) => {
    if (!app.lifecycle.draining) return;
    reply.header('connection', 'close');
    if (request.routeOptions.url === '/healthz') return;
    return unavailable(request, reply, { failed: ['shutting_down'] });
  });

  const schema = { tags: ['operations'] };
  const config = { caller: 'operations' } as const;
  app.get(
    '/healthz',
    { config, schema: { ...schema, summary: 'Liveness: the process is up (no store is asked)' } },
    async (request) => ({ code: 0, msg: codeMessage(0, requestLang(request)), data: { status: 'up' } }),
  );

  app.get(
    '/readyz',
    {
      config,
      schema: {
        ...schema,
        summary: 'Readiness: both stores answer; HTTP 503 naming the failed store, or while shutting down',
      },
    },
    async (request, reply) => {
      const down = (store: string) => (err: unknown) =>
        request.log.warn({ err, store }, 'readiness check failed');
      const [accounts, reports] = await Promise.all([
        probe(() => app.db.execute(sql`select 1`), READY_CHECK_TIMEOUT_MS, down('accounts')),
        probe(() => app.reportStore.query('SELECT 1'), READY_CHECK_TIMEOUT_MS, down('reports')),
      ]);
      const failed = Object.entries({ accounts, reports })
        .filter(([, state]) => state === 'down')
        .map(([store]) => store);
      if (failed.length > 0) return unavailable(request, reply, { accounts, reports, failed });
      return { code: 0, msg: codeMessage(0, requestLang(request)), data: { accounts, reports } };
    },
  );
}

/** Registers /healthz, /readyz and the drain state (see the module docstring). */
export const health = fp(healthPlugin, { name: 'health' });

/**
 * Graceful shutdown (SIGTERM/SIGINT in main.ts): stop accepting, let in-flight requests and streamed
 * exports finish, close the stores, resolve. Steps:
 * 1. `app.lifecycle.draining = true`: new requests on open connections get 503 + `Connection: close`
 *    (plugins/health.ts), /readyz turns 503 so a balancer stops sending;
 * 2. `app.close()`: the listening socket closes (no new connections), idle keep-alive connections are
 *    closed now and every 250 ms (a connection whose request ends becomes idle), and Fastify waits for
 *    the remaining connections, then runs the onClose hooks (report store, accounts store, Redis, mail);
 * 3. after `graceMs` (SHUTDOWN_GRACE_MS, default 25 s: below the usual 30 s kill timeout of process
 *    managers), the connections still open are destroyed: an export cut there ends as an aborted
 *    download (never a silently short file, reports/export/export-writer.ts), and the close completes.
 * Resolves when the app is closed; rejects when an onClose hook fails.
 */
import type { FastifyInstance } from 'fastify';

/** How often idle keep-alive connections are closed while draining, ms. */
const IDLE_SWEEP_MS = 250;

export async function closeGracefully(app: FastifyInstance, graceMs: number): Promise<void> {
  app.lifecycle.draining = true;
  const server = app.server;
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  const cut = setTimeout(() => {
    app.log.warn({ graceMs }, 'shutdown grace period over: closing the remaining connections');
    server.closeAllConnections();
  }, graceMs);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
    clearTimeout(cut);
  }
}

/**
 * To-do notifications plugin: starts the delivery worker when TODO_WEBHOOK_URL is set and stops it
 * (letting the batch in flight finish) before the stores close. Without a URL the rows stay in the
 * outbox, listed for operations by `GET /v1/ops/todo` (modules/ops).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startTodoWorker, type TodoWorker } from './worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The running to-do worker, if any (tests call `tick`). */
    todoWorker: TodoWorker | null;
  }
}

async function notificationRoutesPlugin(app: FastifyInstance) {
  const url = app.config.todoWebhookUrl;
  const worker = url ? startTodoWorker(app, url) : null;
  app.decorate('todoWorker', worker);
  if (worker) app.addHook('preClose', () => worker.stop());
}

/** Not encapsulated (fastify-plugin): `todoWorker` is decorated on the root instance. */
export const notificationRoutes = fp(notificationRoutesPlugin, { name: 'notifications' });

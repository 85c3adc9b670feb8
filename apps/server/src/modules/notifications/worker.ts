/**
 * The to-do delivery worker: polls the outbox every `intervalMs` (delivery.ts does the work) while
 * the app runs. Started by `notificationRoutes` when TODO_WEBHOOK_URL is set (tests leave it unset,
 * so it only runs where a test asks for it); `stop` lets the batch in flight finish, so a graceful
 * shutdown marks what it sent.
 */
import type { FastifyInstance } from 'fastify';
import { type DeliveryOptions, deliverDue } from './delivery.ts';

export type TodoWorker = { stop: () => Promise<void>; tick: () => Promise<void> };

/** The key and partner id notifications are signed with (see delivery.ts). */
export function webhookSigner(app: FastifyInstance): { key: string; partnerId: string | null } {
  const first = app.config.externalApiKeys.entries().next();
  if (!first.done) return { key: first.value[1], partnerId: first.value[0] };
  return { key: app.config.signKey, partnerId: null };
}

/** Starts polling; answers a handle whose `stop` waits for the batch in flight. */
export function startTodoWorker(
  app: FastifyInstance,
  url: string,
  extra: Partial<DeliveryOptions> & { intervalMs?: number } = {},
): TodoWorker {
  const opts: DeliveryOptions = { url, ...webhookSigner(app), now: () => app.now(), ...extra };
  const intervalMs = extra.intervalMs ?? 1000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const tick = async () => {
    try {
      // Keep going while whole batches are delivered, then wait for the next poll.
      for (;;) {
        const r = await deliverDue(app.db, opts);
        if (r.failed > 0 || r.delivered < (opts.batch ?? 10) || stopped) break;
      }
    } catch (err) {
      app.log.error({ err }, 'to-do delivery failed');
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().finally(schedule);
    }, intervalMs);
    timer.unref();
  };
  schedule();
  return {
    tick: () => {
      running = running.then(tick);
      return running;
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

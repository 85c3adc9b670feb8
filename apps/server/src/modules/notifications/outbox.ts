/**
 * Writing to-do notifications (issue 4 §6): `enqueueTodo` inserts one outbox row and its
 * `todo.deliver` job (plugins/jobs, keyed by the row's idempotency key) inside the caller's
 * transaction, so both exist if and only if the change committed. Delivery is todo-delivery.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Executor } from '../../db/client.ts';
import { todoOutbox } from '../../db/schema/todo-outbox.ts';
import { enqueueJob } from '../../plugins/jobs/queue.ts';

/** The job kind that delivers a to-do row. */
export const TODO_JOB = 'todo.deliver';
/** Attempts before a to-do row is given up (it stays listed for operations). */
export const TODO_MAX_ATTEMPTS = 12;

export type TodoEvent = {
  /** contracts TodoAction: 1 submitted, 2 status changed, 4 deleted. */
  action_type: number;
  entity: 'app' | 'adpos';
  entity_id: number;
  name: string;
  company_id: number;
  from_status: number | null;
  to_status: number | null;
  actor_id: number;
  /** For an ad slot, its app. */
  app_id?: number;
};

/** Inserts the notification of `event` with a fresh idempotency key (UUID), and its delivery job. */
export async function enqueueTodo(tx: Executor, event: TodoEvent, now: Date): Promise<void> {
  const key = randomUUID();
  const payload: Record<string, unknown> = {
    idempotency_key: key,
    action_type: event.action_type,
    entity: event.entity,
    entity_id: event.entity_id,
    name: event.name,
    company_id: event.company_id,
    from_status: event.from_status,
    to_status: event.to_status,
    actor_id: event.actor_id,
    occurred_at: Math.floor(now.getTime() / 1000),
    ...(event.app_id === undefined ? {} : { app_id: event.app_id }),
  };
  const [row] = await tx
    .insert(todoOutbox)
    .values({
      idempotency_key: key,
      action_type: event.action_type,
      entity: event.entity,
      entity_id: event.entity_id,
      name: event.name,
      company_id: event.company_id,
      from_status: event.from_status,
      to_status: event.to_status,
      actor_id: event.actor_id,
      payload,
      created_at: now,
    })
    .returning({ id: todoOutbox.id });
  await enqueueJob(
    tx,
    { kind: TODO_JOB, key, payload: { outbox_id: row?.id }, maxAttempts: TODO_MAX_ATTEMPTS },
    now,
  );
}

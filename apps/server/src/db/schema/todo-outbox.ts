/**
 * The to-do outbox (issue 4): one row per status change, delete or submission of an app or ad slot,
 * written in the same transaction as the change, together with its `todo.deliver` job (plugins/jobs;
 * modules/notifications/todo-delivery.ts). The job queue drives delivery (claims, leases, retries);
 * this table is the history operations read (`GET /v1/ops/todo`): what was sent, how many attempts,
 * the last error, and `delivered_at` after a 2xx. A crash mid-delivery only lets the job's lease run
 * out, and the row is sent again with the same idempotency key.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const todoOutbox = pgTable(
  'todo_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** UUID sent as the Idempotency-Key header so the receiver can drop repeats. */
    idempotency_key: text('idempotency_key').notNull(),
    /** 1 submitted for review, 2 status changed, 4 deleted (contracts TodoAction). */
    action_type: smallint('action_type').notNull(),
    /** 'app' or 'adpos'. */
    entity: text('entity').notNull(),
    entity_id: integer('entity_id').notNull(),
    name: text('name').notNull(),
    company_id: integer('company_id').notNull(),
    from_status: smallint('from_status'),
    to_status: smallint('to_status'),
    /** The user who made the change. */
    actor_id: integer('actor_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** Delivery attempts so far (the job's). */
    attempts: integer('attempts').notNull().default(0),
    delivered_at: timestamp('delivered_at', { withTimezone: true }),
    last_error: text('last_error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('todo_outbox_key_uq').on(t.idempotency_key),
    index('todo_outbox_pending_idx').on(t.id).where(sql`delivered_at is null`),
  ],
);

/**
 * The to-do outbox (issue 4): one row per status change, delete or submission of an app or ad slot,
 * written in the same transaction as the change. The delivery worker claims rows with a lease
 * (`lease_until`), posts them to TODO_WEBHOOK_URL and sets `delivered_at` after a 2xx; a crash
 * mid-delivery only lets the lease expire, and the row is sent again with the same idempotency key.
 */
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
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while a worker holds the row; past leases may be claimed again. */
    lease_until: timestamp('lease_until', { withTimezone: true }),
    delivered_at: timestamp('delivered_at', { withTimezone: true }),
    last_error: text('last_error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('todo_outbox_key_uq').on(t.idempotency_key),
    index('todo_outbox_due_idx').on(t.delivered_at, t.next_attempt_at),
  ],
);

/**
 * The durable job queue (issue 24 item 4, issue 22 item 19; plugins/jobs/queue.ts works it): one row
 * per job, shared by every instance on this accounts store.
 *
 * - `kind` names the handler (e.g. `notification.email`); `key` makes an enqueue idempotent: one row
 *   per (kind, key) however often, and by however many instances, it is enqueued.
 * - `status`: `queued` (waiting for `run_at`), `running` (held by `locked_by` until `lease_until`;
 *   once the lease has passed any instance may take it over), `done`, `failed` (out of attempts or
 *   refused for good; `last_error` says why).
 * - `attempts` counts claims; `max_attempts` is the job's limit.
 */
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    /** Idempotency key, unique within the kind (a UUID when the caller gives none). */
    key: text('key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** 'queued', 'running', 'done' or 'failed'. */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    max_attempts: integer('max_attempts').notNull().default(10),
    /** Earliest start of the next attempt. */
    run_at: timestamp('run_at', { withTimezone: true }).notNull(),
    /** While running: the claim's token and until when it holds the job. */
    locked_by: text('locked_by'),
    lease_until: timestamp('lease_until', { withTimezone: true }),
    last_error: text('last_error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('jobs_kind_key_uq').on(t.kind, t.key),
    // The poller's two questions, each over the few rows that can answer it.
    index('jobs_queued_idx').on(t.run_at).where(sql`status = 'queued'`),
    index('jobs_running_idx').on(t.lease_until).where(sql`status = 'running'`),
    index('jobs_finished_idx').on(t.finished_at).where(sql`status in ('done', 'failed')`),
  ],
);

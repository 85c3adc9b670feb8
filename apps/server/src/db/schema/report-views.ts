/**
 * Saved report views and scheduled report mails (issue 13 items 7–8, contracts report-views.ts).
 *
 * - `saved_views`: a user's named report (kind + wire query). Private to its owner, or shared with
 *   the members of the owner's organisation (account) while the owner belongs to it.
 * - `report_schedules`: when a view is mailed (daily or weekly at an hour in an IANA time zone), to
 *   whom, in which format; `next_due_at` is the next send. `unsubscribe_secret` signs the one-click
 *   unsubscribe links of its mails.
 * - `report_schedule_runs`: one row per due send, unique per (schedule_id, due_at) so a due time is
 *   queued once however many instances see it, written with its `report-schedule.send` job
 *   (plugins/jobs), which claims, leases and retries it; the row is the send's history (status,
 *   attempts, rows, last error) that the schedules page shows. `sent_to` lists the addresses already
 *   mailed, so a retry after a crash mails only the others.
 */
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** contracts reportKinds: sdk, rtb, affiliate, game, gx. */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    shared: boolean('shared').notNull().default(false),
    /** The report page's wire query (strings), without paging. */
    query: jsonb('query').$type<Record<string, string>>().notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_views_user_kind_idx').on(t.user_id, t.kind)],
);

export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: serial('id').primaryKey(),
    view_id: integer('view_id')
      .notNull()
      .references(() => savedViews.id, { onDelete: 'cascade' }),
    /** The owner: the mail's data is what this user may see at send time. */
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** 'daily' or 'weekly'. */
    frequency: text('frequency').notNull(),
    /** 1 Monday … 7 Sunday when weekly. */
    weekday: smallint('weekday'),
    hour: smallint('hour').notNull(),
    timezone: text('timezone').notNull(),
    recipients: jsonb('recipients').$type<string[]>().notNull(),
    /** 'xlsx' or 'csv'. */
    format: text('format').notNull(),
    /** Language of the mail and of column titles the view does not name: 'zh' or 'en'. */
    lang: text('lang').notNull().default('zh'),
    unsubscribe_secret: text('unsubscribe_secret').notNull(),
    next_due_at: timestamp('next_due_at', { withTimezone: true }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('report_schedules_due_idx').on(t.next_due_at),
    index('report_schedules_user_idx').on(t.user_id),
  ],
);

export const reportScheduleRuns = pgTable(
  'report_schedule_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    schedule_id: integer('schedule_id')
      .notNull()
      .references(() => reportSchedules.id, { onDelete: 'cascade' }),
    due_at: timestamp('due_at', { withTimezone: true }).notNull(),
    /** 'pending' (queued or retrying), 'sent', 'failed' (gave up or the owner lost access). */
    status: text('status').notNull().default('pending'),
    /** Send attempts so far (the job's). */
    attempts: integer('attempts').notNull().default(0),
    /** Addresses already mailed for this run. */
    sent_to: jsonb('sent_to').$type<string[]>().notNull().default([]),
    /** Rows in the attachment of the last attempt. */
    row_count: integer('row_count'),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    last_error: text('last_error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('report_schedule_runs_due_uq').on(t.schedule_id, t.due_at)],
);

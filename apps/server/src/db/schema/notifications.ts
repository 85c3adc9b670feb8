/**
 * Notifications (issue 27 item 4; modules/notifications). One row per recipient and event:
 * - `kind` names its declaration in contracts notifications.ts (templates, link, channels);
 * - `params` fill the templates, rendered in the reader's language when read and in the recipient's
 *   when mailed, so a notification follows a language switch;
 * - `in_portal` / `by_email`: the channels chosen by the recipient's preference when it was written;
 *   a row kept only for its mail (`in_portal` false) is never listed or counted;
 * - `dedupe_key`: an event that may be reported more than once (a daily check) notifies once per
 *   recipient and key;
 * - `emailed_at`: set when its mail was handed over (the `notification.email` job).
 * `notification_preferences` holds a user's choice per kind; no row: the kind's default.
 * `user_languages` holds each user's UI language, 'zh' or 'en', recorded at sign-in and when the user
 * switches language; mails to the user are written in it (no row: zh, the default). Kept apart from
 * `users`, whose writes invalidate every instance's caller cache (plugins/caller-cache.ts): a sign-in
 * must not.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    in_portal: boolean('in_portal').notNull(),
    by_email: boolean('by_email').notNull(),
    dedupe_key: text('dedupe_key'),
    read_at: timestamp('read_at', { withTimezone: true }),
    emailed_at: timestamp('emailed_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // The list, newest first.
    index('notifications_user_idx').on(t.user_id, t.id),
    // The bell's count reads only the unread rows of one user.
    index('notifications_unread_idx').on(t.user_id).where(sql`read_at is null and in_portal`),
    uniqueIndex('notifications_dedupe_uq').on(t.user_id, t.kind, t.dedupe_key),
  ],
);

export const userLanguages = pgTable('user_languages', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lang: text('lang').notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** 'portal', 'email' or 'both' (contracts notifications.ts `NotificationChannels`). */
    channels: text('channels').notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.kind] })],
);

/**
 * Users, their roles (opt_permission) and data permissions (spec §3 User info, §6).
 * Emails are stored lower-cased and trimmed; passwords as Argon2id (api-contract §6).
 */
import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts, companies } from './organisations.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    password_hash: text('password_hash').notNull(),
    name: text('name').notNull(),
    user_name: text('user_name').notNull(),
    /** 1 activated, 2 inactivated, 3 new application, -1 deleted (spec §3). */
    status: smallint('status').notNull().default(1),
    account_id: integer('account_id').references(() => accounts.id),
    company_id: integer('company_id').references(() => companies.id),
    /** Reason given when applying to join an organisation. */
    join_reason: text('join_reason'),
    /**
     * IANA time zone the user reads hourly reports in (issue 13 item 9); null: the network's
     * REPORT_TIMEZONE.
     */
    timezone: text('timezone'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email), index('users_account_idx').on(t.account_id)],
);

/** Roles (spec §6): 70 operations, 67 super admin, 68 member. */
export const userRoles = pgTable(
  'user_roles',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    role_id: smallint('role_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.role_id] })],
);

/** Data permissions (spec §6): type 3 SDK app key, 4 RTB channel, 5 affiliate channel; `rule` the key. */
export const dataPermissions = pgTable(
  'data_permissions',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: smallint('type').notNull(),
    name: text('name').notNull(),
    rule: text('rule').notNull(),
  },
  (t) => [uniqueIndex('data_permissions_uq').on(t.user_id, t.type, t.rule)],
);

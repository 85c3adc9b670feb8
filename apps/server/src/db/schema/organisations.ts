/**
 * Organisations (spec §4 Create organisation): a company and its account. A user belongs to at most one
 * account; the account's creator (or first joiner) is its super admin (role 67).
 */
import { integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  company_name: text('company_name').notNull(),
  is_publisher: smallint('is_publisher').notNull().default(1),
  /** Cooperation types (spec §6): 1 SDK, 4 affiliate. */
  cooperation_types: jsonb('cooperation_types').$type<number[]>().notNull().default([]),
  /**
   * User id of whoever signed the company up (null for seeded ones). Only that user may sign up an
   * account under it (api-contract §6). No foreign key: users.ts imports this file.
   */
  created_by: integer('created_by'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const accounts = pgTable('accounts', {
  id: serial('id').primaryKey(),
  account_name: text('account_name').notNull(),
  company_id: integer('company_id')
    .notNull()
    .references(() => companies.id),
  /** User id of the account's creator (null for seeded ones): the only user who may join it first. */
  created_by: integer('created_by'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Channels of an organisation that data permissions of type 4 (RTB) and 5 (affiliate) may name
 * (spec §6): the per-company list the data-permission editor offers. `name` is the channel as it
 * appears in report rows.
 */
export const companyChannels = pgTable(
  'company_channels',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** 4 RTB, 5 affiliate (data permission types). */
    type: smallint('type').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('company_channels_uq').on(t.company_id, t.type, t.name)],
);

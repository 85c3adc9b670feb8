/**
 * Organisations (spec §4 Create organisation): a company and its account. A user belongs to at most one
 * account; the account's creator (or first joiner) is its super admin (role 67).
 */
import { integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  company_name: text('company_name').notNull(),
  is_publisher: smallint('is_publisher').notNull().default(1),
  /** Cooperation types (spec §6): 1 SDK, 4 affiliate. */
  cooperation_types: jsonb('cooperation_types').$type<number[]>().notNull().default([]),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const accounts = pgTable('accounts', {
  id: serial('id').primaryKey(),
  account_name: text('account_name').notNull(),
  company_id: integer('company_id')
    .notNull()
    .references(() => companies.id),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

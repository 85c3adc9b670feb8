/**
 * Reference data of apps (spec §3 App): two-level industry categories (parent_id −1 = first level;
 * seeded from the Google Play categories by modules/industry) and profit centres (kept in step by the
 * partner system through `/external_api/profit_center/notice`).
 */
import { integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

export const industries = pgTable('industries', {
  /** Fixed ids so the seed is idempotent across restarts and instances. */
  id: integer('id').primaryKey(),
  parent_id: integer('parent_id').notNull(),
  name_zh: text('name_zh').notNull(),
  name_en: text('name_en').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const profitCenters = pgTable('profit_centers', {
  /** The partner system's id. */
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  /** 1 active, 2 disabled (hidden from the dialog). */
  status: smallint('status').notNull().default(1),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

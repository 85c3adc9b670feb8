/** Apps and ad slots (spec §3 App, Ad slot). `company_id` is the publisher that owns them. */
import {
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
import { companies } from './organisations.ts';

export const apps = pgTable(
  'apps',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    app_name: text('app_name').notNull(),
    package_name: text('package_name').notNull(),
    /** 1 Android, 2 IOS. */
    platform: smallint('platform').notNull(),
    /** 1 yes, 2 no. */
    is_online: smallint('is_online').notNull(),
    app_store_address: text('app_store_address').notNull(),
    industry_id: integer('industry_id'),
    /** 1 review, 2 active, 3 frozen, -1 deleted. */
    audit_status: smallint('audit_status').notNull().default(1),
    profit_center_id: integer('profit_center_id'),
    description: text('description').notNull().default(''),
    app_key: text('app_key').notNull(),
    /**
     * Whether the app ever left review (was approved, 1 → 2): only then is `app_key` ever shown, also
     * after deletion (api-contract §10).
     */
    left_review: boolean('left_review').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('apps_app_key_uq').on(t.app_key), index('apps_company_idx').on(t.company_id)],
);

export const placements = pgTable(
  'adpos',
  {
    adpos_id: serial('adpos_id').primaryKey(),
    app_id: integer('app_id')
      .notNull()
      .references(() => apps.id),
    adpos_name: text('adpos_name').notNull(),
    /** 1 Banner, 2 Interstitial, 3 Native, 6 Rewarded Video (spec §5). */
    ad_style: smallint('ad_style').notNull(),
    content_type: jsonb('content_type').$type<number[]>().notNull(),
    audit_status: smallint('audit_status').notNull().default(1),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('adpos_app_idx').on(t.app_id)],
);

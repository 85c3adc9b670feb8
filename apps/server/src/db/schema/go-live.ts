/**
 * What a publisher needs to go live (issue 27 items 2–3): test devices and each app's app-ads.txt.
 *
 * `test_devices`: an organisation's advertising IDs (GAID on Android, IDFA on iOS; lower-case UUIDs)
 * that the ad server serves test ads to. A removed device keeps its row with `deleted_at` set, so the
 * change time the ad server polls (`max(updated_at)`) moves on a removal too. One live row per
 * organisation and advertising ID.
 *
 * `app_ads_txt`: per app, the developer website the publisher gave and the last check of
 * `https://<domain>/app-ads.txt`: `status` one of 'found', 'line_missing', 'line_wrong',
 * 'file_missing', 'unreachable' (null: never checked), `detail` a short English reason for operations
 * and the log, `checked_at` the check's time.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { apps } from './inventory.ts';
import { companies } from './organisations.ts';

export const testDevices = pgTable(
  'test_devices',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** GAID or IDFA, lower-case 8-4-4-4-12 hex. */
    advertising_id: text('advertising_id').notNull(),
    name: text('name').notNull(),
    /** 1 Android, 2 iOS. */
    platform: smallint('platform').notNull(),
    /** User id of who added it (no foreign key: kept when the user is deleted). */
    added_by: integer('added_by').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull(),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('test_devices_live_uq').on(t.company_id, t.advertising_id).where(sql`deleted_at is null`),
    index('test_devices_updated_idx').on(t.updated_at),
  ],
);

export const appAdsTxt = pgTable('app_ads_txt', {
  app_id: integer('app_id')
    .primaryKey()
    .references(() => apps.id),
  /** The developer website as given (an http(s) URL); the crawled domain is derived from it. */
  developer_website: text('developer_website').notNull(),
  status: text('status'),
  detail: text('detail'),
  checked_at: timestamp('checked_at', { withTimezone: true }),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * What every instance of the portal must share (architecture §Stores "keys every instance must
 * share"): the key ring of encrypted payloads and sealed secrets (plugins/key-ring.ts) and small
 * start-up states such as the demo seed's progress (demo/seed.ts).
 */
import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The RSA key ring (api-contract §4): the current key answers `get_key` and seals new two-factor
 * secrets; retired keys still decrypt what was made for them. Exactly one row is current.
 */
export const serverKeys = pgTable(
  'server_keys',
  {
    /** RFC 7638 thumbprint of the public key: the JWE `kid`, and the key named in a sealed secret. */
    kid: text('kid').primaryKey(),
    /**
     * PKCS#8 PEM of the private key: `ENCRYPTED PRIVATE KEY` (PBES2, AES-256-CBC) under
     * PORTAL_KEY_ENCRYPTION_KEY when that is set, else in the clear.
     */
    private_key: text('private_key').notNull(),
    /** 'generated', 'file' (imported from DATA_DIR/keys) or 'environment' (PORTAL_RSA_PRIVATE_KEY). */
    source: text('source').notNull(),
    current: boolean('current').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When another key became current; the key still decrypts. */
    retired_at: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('server_keys_one_current').on(t.current).where(sql`${t.current}`)],
);

/**
 * The `server_state` row naming the organisation (its id, as text) that gets the APP report while
 * APP_REPORT_COMPANY_IDS is unset: the demo organisation, written when the demo is seeded.
 */
export const APP_REPORT_COMPANY_STATE = 'app_report_company_id';

/**
 * Named states of start-up work that must survive a crash (e.g. `demo_seed`: 'started' | 'done') and
 * facts fixed at seed time (APP_REPORT_COMPANY_STATE).
 */
export const serverState = pgTable('server_state', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull(),
});

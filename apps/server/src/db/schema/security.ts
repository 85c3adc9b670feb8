/**
 * Account security (issue 16): reporting API keys, TOTP two-factor sign-in with recovery codes and
 * sign-in challenges, the organisation's "require two-factor" setting, what each session was started
 * from (device, address, last seen) and the audit log. Secrets are stored only as SHA-256 hashes,
 * except TOTP secrets, which the server must read back and keeps AES-256-GCM encrypted
 * (modules/two-factor/secret-box.ts).
 */
import {
  bigint,
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
import { companies } from './organisations.ts';
import { users } from './users.ts';

/**
 * Reporting API keys: `key_hash` is the SHA-256 hex of the whole key (`ppk_` + 43 base64url
 * characters); `prefix` its first 12 characters, shown in lists so a key can be recognised.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** The creator: the key sees what this user sees, evaluated at each use. */
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    key_hash: text('key_hash').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    last_used_at: timestamp('last_used_at', { withTimezone: true }),
    use_count: bigint('use_count', { mode: 'number' }).notNull().default(0),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_hash_uq').on(t.key_hash), index('api_keys_company_idx').on(t.company_id)],
);

/**
 * A user's TOTP (RFC 6238) secret, AES-256-GCM encrypted. `enabled_at` null while enrolment waits for
 * its first code; a confirmed row has it set.
 */
export const userTwoFactor = pgTable('user_two_factor', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  secret_enc: text('secret_enc').notNull(),
  enabled_at: timestamp('enabled_at', { withTimezone: true }),
  /** The last time step accepted, so one code cannot sign in twice (RFC 6238 §5.2). */
  last_step: bigint('last_step', { mode: 'number' }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Single-use recovery codes: SHA-256 hex of `user_id:code`. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    code_hash: text('code_hash').notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.user_id)],
);

/** The second sign-in step: a password-verified login waiting for a code (5 minutes, 5 tries). */
export const loginChallenges = pgTable('login_challenges', {
  /** SHA-256 hex of the challenge token. */
  id_hash: text('id_hash').primaryKey(),
  user_id: integer('user_id')
    .notNull()
    .references(() => users.id),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: smallint('attempts').notNull().default(0),
  used_at: timestamp('used_at', { withTimezone: true }),
});

/** Organisation settings of issue 16: `require_two_factor` asks every member to enrol. */
export const companySecurity = pgTable('company_security', {
  company_id: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  require_two_factor: boolean('require_two_factor').notNull().default(false),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * Where a session was started and last used (kept beside `sessions` so that recording activity
 * never touches the table the caller cache watches). `last_seen_at` is written at most once a minute.
 */
export const sessionDetails = pgTable(
  'session_details',
  {
    token_hash: text('token_hash').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    ip: text('ip'),
    user_agent: text('user_agent'),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('session_details_user_idx').on(t.user_id)],
);

/**
 * The audit log: one row per change, written in the change's transaction. `company_id` the
 * organisation the object belongs to (null for network-wide objects); `before` / `after` the changed
 * fields (null when the object did not exist before or after). No API updates or deletes rows.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actor_id: integer('actor_id'),
    company_id: integer('company_id'),
    ip: text('ip'),
    object_type: text('object_type').notNull(),
    object_id: text('object_id').notNull(),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_company_idx').on(t.company_id, t.at),
    index('audit_log_at_idx').on(t.at),
    // One object's history newest first: a user's sign-in events (sign-in-events.ts) and an object's
    // changes, without scanning the whole log as it grows.
    index('audit_log_object_idx').on(t.object_type, t.object_id, t.at),
  ],
);

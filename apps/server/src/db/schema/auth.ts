/** Sessions and captchas (api-contract §5–6): only hashes of tokens and answers are stored. */
import { index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 hex of the opaque token; the token itself is never stored. */
    token_hash: text('token_hash').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    /**
     * Why the session was revoked: 'logout', 'password' (changed or reset), 'inactivated', 'deleted'.
     * The last two answer 20005 on the next call, the others 20003 (api-contract §2).
     */
    revoked_reason: text('revoked_reason'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.user_id)],
);

export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  /** SHA-256 hex of the answer. */
  answer_hash: text('answer_hash').notNull(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  used_at: timestamp('used_at', { withTimezone: true }),
});

/**
 * Emailed verification codes (spec §2 Reset password, sign-up): 6 digits, stored only as SHA-256 of
 * `id:code`, valid 10 minutes, single use, void after 5 tries. A row is written for unknown addresses
 * too (without mailing anything), so resend waits and hourly caps behave the same for every address.
 */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased, trimmed address the code was issued for. */
    email: text('email').notNull(),
    /** 'reset' or 'signup' (contracts account.ts `emailCodePurpose`). */
    purpose: text('purpose').notNull(),
    code_hash: text('code_hash').notNull(),
    /** Tries so far (right or wrong); at 5 the code is void. */
    attempts: smallint('attempts').notNull().default(0),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the code was used, replaced by a newer one, or voided. */
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('email_codes_email_idx').on(t.email, t.created_at)],
);

/**
 * Signatures already accepted (api-contract §10 "One use per signature"): a signed request is accepted
 * once; the same `sign` again within the window answers 10003. A row is needed only while its
 * timestamp could still pass the window check (`expires_at`); housekeeping deletes it afterwards.
 */
export const usedSignatures = pgTable('used_signatures', {
  /** The request's `sign` (upper-case hex HMAC-SHA256). */
  sign: text('sign').primaryKey(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
});

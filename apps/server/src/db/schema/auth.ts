/** Sessions and captchas (api-contract §5–6): only hashes of tokens and answers are stored. */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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

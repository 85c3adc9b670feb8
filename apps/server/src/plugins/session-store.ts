/**
 * The sessions table (api-contract §6): a row per login keyed by the token's SHA-256, with a 7-day
 * expiry; logout, a password change or reset and inactivating the user revoke rows. Read on every
 * authenticated request (session-impl.ts) and written by login, two-factor and account changes, so
 * it sits below the modules that do.
 */
import { SESSION_TTL_MS } from '@portal/contracts/constants.ts';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema/auth.ts';
import { userRoles, users } from '../db/schema/users.ts';
import { hashToken, newSessionToken } from '../lib/session-token.ts';

/** Starts a session for `userId` at `now`; returns the token (shown to the client once, never stored). */
export async function createSession(db: Db, userId: number, now: Date): Promise<string> {
  const token = newSessionToken();
  await db.insert(sessions).values({
    token_hash: hashToken(token),
    user_id: userId,
    created_at: now,
    expires_at: new Date(now.getTime() + SESSION_TTL_MS),
  });
  return token;
}

/** Revokes one session (logout). Revoking twice is harmless. */
export async function revokeSession(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revoked_at: now, revoked_reason: 'logout' })
    .where(and(eq(sessions.token_hash, tokenHash), isNull(sessions.revoked_at)));
}

/**
 * Why sessions are revoked: 'inactivated' and 'deleted' make the next call answer 20005 (login
 * invalid), the others 20003 (api-contract §2).
 */
export type RevokeReason = 'logout' | 'password' | 'rotated' | 'inactivated' | 'deleted';

/**
 * Revokes every live session of a user (password change or reset, inactivation, deletion), except the
 * one whose hash is `keepTokenHash` (a password change keeps the session that made it).
 */
export async function revokeUserSessions(
  db: Db,
  userId: number,
  now: Date,
  reason: RevokeReason = 'password',
  keepTokenHash?: string,
): Promise<void> {
  const live = and(eq(sessions.user_id, userId), isNull(sessions.revoked_at));
  await db
    .update(sessions)
    .set({ revoked_at: now, revoked_reason: reason })
    .where(keepTokenHash ? and(live, ne(sessions.token_hash, keepTokenHash)) : live);
}

/** Revokes one session with a reason (e.g. 'rotated' when bind_account hands out a new token). */
export async function revokeSessionFor(db: Db, tokenHash: string, now: Date, reason: RevokeReason) {
  await db
    .update(sessions)
    .set({ revoked_at: now, revoked_reason: reason })
    .where(and(eq(sessions.token_hash, tokenHash), isNull(sessions.revoked_at)));
}

/** Why the session `tokenHash` was revoked; null when it is unknown or was not revoked. */
export async function sessionRevokedReason(db: Db, tokenHash: string): Promise<string | null> {
  const [row] = await db
    .select({ reason: sessions.revoked_reason })
    .from(sessions)
    .where(eq(sessions.token_hash, tokenHash))
    .limit(1);
  return row?.reason ?? null;
}

export type SessionLookup = {
  user: typeof users.$inferSelect;
  roles: number[];
};

/** A session row with its user and roles, whatever its state (the caller checks revocation and expiry). */
export type SessionRecord = SessionLookup & { expiresAt: Date; revoked: boolean };

/** The session `tokenHash` with its user and roles, read in one round trip; null when unknown. */
export async function readSession(db: Db, tokenHash: string): Promise<SessionRecord | null> {
  // One round trip: this runs on every authenticated request (bench/RESULTS.md, API overhead).
  const [row] = await db
    .select({
      session: sessions,
      user: users,
      roles: sql<number[] | null>`(select array_agg(${userRoles.role_id}::int order by ${userRoles.role_id})
        from ${userRoles} where ${userRoles.user_id} = ${users.id})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(eq(sessions.token_hash, tokenHash))
    .limit(1);
  if (!row) return null;
  return {
    user: row.user,
    roles: (row.roles ?? []).map(Number),
    expiresAt: row.session.expires_at,
    revoked: row.session.revoked_at !== null,
  };
}

/** Whether `record` is a live session at `now`: known, not revoked, not expired. */
export function isLive(record: SessionRecord | null, now: Date): record is SessionRecord {
  return record !== null && !record.revoked && record.expiresAt.getTime() > now.getTime();
}

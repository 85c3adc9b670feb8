/**
 * The second sign-in step (issue 16 §2). A login whose password and captcha passed, for a user with
 * two-factor on, answers a challenge instead of a session: a random token (stored as its SHA-256),
 * valid CHALLENGE_TTL_MS for at most CHALLENGE_TRIES codes. `completeChallenge` takes it with a TOTP
 * code or a recovery code and starts the session; an unknown, used, expired or exhausted challenge
 * answers 10032 (sign in again).
 */

import type { LoginData } from '@portal/contracts/account.ts';
import { CompanyStatus, UserStatus } from '@portal/contracts/constants.ts';
import type { TwoFactorChallengeData, TwoFactorLoginBody } from '@portal/contracts/security.ts';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginChallenges } from '../../db/schema/security.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashToken, newSessionToken } from '../../lib/session-token.ts';
import { createSession } from '../../plugins/session-store.ts';
import { recordSignInEvent } from '../audit/sign-in-events.ts';
import { checkCode, hasTwoFactor, type TwoFactorDeps, useRecoveryCode } from './two-factor-service.ts';

export const CHALLENGE_TTL_MS = 5 * 60_000;
export const CHALLENGE_TRIES = 5;

/** A challenge for `userId` when two-factor is on for them, else null (the login goes on as before). */
export async function challengeIfEnabled(
  db: Db,
  userId: number,
  now: Date,
): Promise<TwoFactorChallengeData | null> {
  if (!(await hasTwoFactor(db, userId))) return null;
  const token = newSessionToken();
  await db.insert(loginChallenges).values({
    id_hash: hashToken(token),
    user_id: userId,
    expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
  return { two_factor_challenge: token, expires_in: CHALLENGE_TTL_MS / 1000 };
}

/** Same rule as the login's (account/login.ts companyStatusOf). */
function companyStatusOf(user: { status: number; company_id: number | null }): number {
  if (user.status === UserStatus.APPLICATION) return CompanyStatus.PENDING;
  if (user.company_id === null) return CompanyStatus.NONE;
  return CompanyStatus.ACTIVE;
}

/** Completes a challenge with a code: the login answer, or AppError 10032 / 10030 / 10002 / 20005. */
export async function completeChallenge(deps: TwoFactorDeps, body: TwoFactorLoginBody): Promise<LoginData> {
  const now = deps.now();
  const idHash = hashToken(body.challenge);
  // Count the try first, in the statement that checks the challenge is still open.
  const [challenge] = await deps.db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(
      and(
        eq(loginChallenges.id_hash, idHash),
        isNull(loginChallenges.used_at),
        gt(loginChallenges.expires_at, now),
        lt(loginChallenges.attempts, CHALLENGE_TRIES),
      ),
    )
    .returning();
  if (!challenge) throw new AppError(10032);
  const [owner] = await deps.db
    .select({ company_id: users.company_id })
    .from(users)
    .where(eq(users.id, challenge.user_id))
    .limit(1);
  const who = { userId: challenge.user_id, companyId: owner?.company_id ?? null };
  try {
    if (body.code !== undefined) await checkCode(deps, challenge.user_id, body.code, true);
    else if (body.recovery_code !== undefined) {
      await useRecoveryCode(deps, challenge.user_id, body.recovery_code);
      await recordSignInEvent(deps.db, { ...who, action: 'recovery_code_used' }, now);
    }
  } catch (err) {
    // A wrong code is a sign-in event of the account, and the one that reaches the limit its
    // lockout (issue 22 item 11).
    if (err instanceof AppError && err.code === 10030) {
      await recordSignInEvent(deps.db, { ...who, action: 'two_factor_failed' }, now);
      if ((await deps.attempts.blockedFor(String(challenge.user_id))) > 0) {
        await recordSignInEvent(deps.db, { ...who, action: 'locked_out' }, now);
      }
    }
    throw err;
  }
  const used = await deps.db
    .update(loginChallenges)
    .set({ used_at: now })
    .where(and(eq(loginChallenges.id_hash, idHash), isNull(loginChallenges.used_at)))
    .returning({ user_id: loginChallenges.user_id });
  if (used.length !== 1) throw new AppError(10032);
  const [user] = await deps.db.select().from(users).where(eq(users.id, challenge.user_id)).limit(1);
  if (!user || user.status === UserStatus.INACTIVE || user.status === UserStatus.DELETED) {
    throw new AppError(20005);
  }
  const token = await createSession(deps.db, user.id, now);
  return { token, company_status: companyStatusOf(user) };
}

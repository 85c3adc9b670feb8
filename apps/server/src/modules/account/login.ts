/**
 * Login (spec §7 Account, api-contract §3–6). Checks, in this order, each answering its own code:
 * 1. decrypt the JWE (604), 2. the login form schema (604 with field errors), 3. sign and timestamp
 * window (10003), 4. attempt limits (10002 with retry_after), 5. captcha, consumed either way (10001),
 * 6. credentials (605 for an unknown email and a wrong password alike, deleted accounts included, so
 * no email is revealed without its password), 7. user status, once the password is right:
 * inactivated (2) answers 10020, deleted (-1) 10021 (issue 14 item 4: told so, not "session expired").
 * Success starts a session and answers `{ token, company_status }`.
 * For a user with two-factor on, success answers `{ two_factor_challenge, expires_in }` instead
 * (two-factor/challenge.ts).
 */

import { type LoginData, loginForm } from '@portal/contracts/account.ts';
import { Code, type Lang } from '@portal/contracts/codes.ts';
import { CompanyStatus, UserStatus } from '@portal/contracts/constants.ts';
import type { TwoFactorChallengeData } from '@portal/contracts/security.ts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import type { KeyFinder } from '../../plugins/keys.ts';
import type { AttemptLimits } from '../../plugins/rate-limit.ts';
import { createSession } from '../../plugins/session-store.ts';
import { recordSignInEvent } from '../audit/sign-in-events.ts';
import { challengeIfEnabled } from '../two-factor/challenge.ts';
import { consumeCaptcha } from './captcha.ts';
import { openSignedPayload } from './signed-payload.ts';

export type LoginDeps = { app: FastifyInstance; keys: KeyFinder; limits: AttemptLimits };

/** `company_status` of a user row (api-contract §6): 3 pending, 0 no organisation, 1 active member. */
export function companyStatusOf(user: { status: number; company_id: number | null }): number {
  if (user.status === UserStatus.APPLICATION) return CompanyStatus.PENDING;
  if (user.company_id === null) return CompanyStatus.NONE;
  return CompanyStatus.ACTIVE;
}

let dummyHash: Promise<string> | undefined;
/**
 * An Argon2id hash nobody's password matches, verified for unknown emails so their answer takes as
 * long as a wrong password's. Call once at start to compute it ahead of the first login.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(`no-such-user-${Math.random()}`);
  return dummyHash;
}

/** Runs the login checks on an encrypted payload from `ip`. Throws AppError with the failing code. */
export async function login(
  deps: LoginDeps,
  jwe: string,
  ip: string,
  lang: Lang,
): Promise<LoginData | TwoFactorChallengeData> {
  const { app, keys, limits } = deps;
  const form = await openSignedPayload(app, keys, jwe, loginForm, lang);

  const email = form.email.trim().toLowerCase();
  const retryAfter = await limits.loginBlockedFor(email, ip);
  if (retryAfter > 0) throw new AppError(10002, { retry_after: retryAfter });

  const captchaOk = await consumeCaptcha(app.db, form.captcha_id, form.captcha_answer, app.now(), {
    testAnswer: app.config.captchaTestAnswer,
  });
  if (!captchaOk) throw new AppError(10001);

  const [user] = await app.db.select().from(users).where(eq(users.email, email)).limit(1);
  const passwordOk = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), form.password);
  if (!user || !passwordOk) {
    await limits.loginFailed(email, ip);
    // A wrong password for an account is a sign-in event of that account (issue 22 item 11); the
    // attempt that reaches the limit is its lockout. Unknown emails belong to nobody.
    if (user) {
      const failed = { userId: user.id, companyId: user.company_id };
      await recordSignInEvent(app.db, { ...failed, action: 'login_failed' }, app.now());
      if ((await limits.loginBlockedFor(email, ip)) > 0) {
        await recordSignInEvent(app.db, { ...failed, action: 'locked_out' }, app.now());
      }
    }
    throw new AppError(605);
  }
  if (user.status === UserStatus.INACTIVE) throw new AppError(Code.ACCOUNT_INACTIVE);
  if (user.status === UserStatus.DELETED) throw new AppError(Code.ACCOUNT_DELETED);

  await limits.loginSucceeded(email);
  // Two-factor on (issue 16): no session yet, a challenge for the code (two-factor/challenge.ts).
  const challenge = await challengeIfEnabled(app.db, user.id, app.now());
  if (challenge) return challenge;
  const token = await createSession(app.db, user.id, app.now());
  return { token, company_status: companyStatusOf(user) };
}

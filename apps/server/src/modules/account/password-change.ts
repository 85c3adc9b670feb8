/**
 * `PUT /api/v1/user/password` (spec §7, issue 3): the signed-in user replaces its password. Not
 * signed: the session header is the credential and cannot ride on a cross-site request (api-contract
 * §1). Order: new password rule (604 on `new_password`), wrong-old-password limit (10002, shared with
 * the login limit of the user's email), old password (606, counted), then in one transaction the new
 * Argon2id hash and the revocation of every other session of the user (the current one stays).
 */

import type { ChangePasswordBody } from '@portal/contracts/account.ts';
import type { Lang } from '@portal/contracts/codes.ts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import type { AttemptLimits } from '../../plugins/rate-limit.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { revokeUserSessions } from '../../plugins/session-store.ts';
import { recordSignInEvent } from '../audit/sign-in-events.ts';
import { assertCredentials } from './credentials-rules.ts';

/** Changes the caller's password as described in the module docstring. */
export async function changePassword(
  deps: { app: FastifyInstance; limits: AttemptLimits },
  user: SessionUser,
  body: ChangePasswordBody,
  ip: string,
  lang: Lang,
): Promise<void> {
  const { app, limits } = deps;
  assertCredentials({ password: { field: 'new_password', value: body.new_password } }, lang);
  const wait = await limits.loginBlockedFor(user.email, ip);
  if (wait > 0) throw new AppError(10002, { retry_after: wait });
  const [row] = await app.db.select().from(users).where(eq(users.id, user.userId)).limit(1);
  if (!row || !(await verifyPassword(row.password_hash, body.old_password))) {
    await limits.loginFailed(user.email, ip);
    throw new AppError(606);
  }
  const passwordHash = await hashPassword(body.new_password);
  await app.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ password_hash: passwordHash, updated_at: app.now() })
      .where(eq(users.id, user.userId));
    await revokeUserSessions(tx, user.userId, app.now(), 'password', user.tokenHash);
    await recordSignInEvent(
      tx,
      { userId: user.userId, companyId: user.companyId, action: 'password_changed' },
      app.now(),
    );
  });
}

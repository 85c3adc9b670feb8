/**
 * Password reset by emailed code (spec §2 Reset password, api-contract §3–4, issue 3):
 * - `sendEmailCode`: send_email for either purpose ('reset' | 'signup'). Order of checks: decrypt and
 *   form (604), sign (10003), email format (604), 20 per client address per hour (10002), resend wait
 *   10 s and 5 per address per hour (10002, `retry_after`). A code is issued (and counted) for every
 *   well-formed address; a 'reset' mail is only sent to a registered, not deleted user. The answer and
 *   its timing do not depend on whether the address is registered (mail goes out in the background).
 * - `forgotPassword`: decrypt and form (604), sign (10003), email and password rule (604, before the
 *   code so a typo does not burn a try), attempt limits per address and per client (10002 with
 *   `retry_after`, plugins/rate-limit.ts), code (10005; also for unknown addresses; counted against
 *   the limits), then in one transaction: consume the code, store the new Argon2id hash, revoke every
 *   session of the user.
 */

import { forgotPasswordForm, sendEmailForm } from '@portal/contracts/account.ts';
import type { Lang } from '@portal/contracts/codes.ts';
import { UserStatus } from '@portal/contracts/constants.ts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/password.ts';
import type { KeyFinder } from '../../plugins/keys.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import type { AttemptLimits } from '../../plugins/rate-limit.ts';
import { revokeUserSessions } from '../../plugins/session-store.ts';
import { recordSignInEvent } from '../audit/sign-in-events.ts';
import { checkEmailCode, consumeEmailCode, issueEmailCode } from '../mail/email-codes.ts';
import { codeMail } from '../mail/templates.ts';
import { assertCredentials, normaliseEmail } from './credentials-rules.ts';
import { openSignedPayload } from './signed-payload.ts';

export type MailDeps = { app: FastifyInstance; keys: KeyFinder; limits: AttemptLimits; mailer: Mailer };

/** send_email: issues and mails a code as described in the module docstring. */
export async function sendEmailCode(deps: MailDeps, jwe: string, ip: string, lang: Lang): Promise<void> {
  const { app, keys, limits, mailer } = deps;
  const form = await openSignedPayload(app, keys, jwe, sendEmailForm, lang);
  assertCredentials({ email: { field: 'email', value: form.email } }, lang);
  const email = normaliseEmail(form.email);
  const ipWait = await limits.mailIssued(ip);
  if (ipWait > 0) throw new AppError(10002, { retry_after: ipWait });
  const issued = await issueEmailCode(app.db, email, form.type, app.now());
  if ('retryAfter' in issued) {
    app.metrics.rateLimited('mail:address');
    throw new AppError(10002, { retry_after: issued.retryAfter });
  }
  if (form.type === 'reset') {
    const [user] = await app.db
      .select({ status: users.status })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    if (!user || user.status === UserStatus.DELETED) return;
  }
  mailer.queue(codeMail(email, form.type, issued.code, lang));
}

/** password/forgot: replaces the password as described in the module docstring. */
export async function forgotPassword(deps: MailDeps, jwe: string, ip: string, lang: Lang): Promise<void> {
  const { app, keys, limits } = deps;
  const form = await openSignedPayload(app, keys, jwe, forgotPasswordForm, lang);
  assertCredentials(
    { email: { field: 'email', value: form.email }, password: { field: 'password', value: form.password } },
    lang,
  );
  const email = normaliseEmail(form.email);
  const retryAfter = await limits.forgotBlockedFor(email, ip);
  if (retryAfter > 0) throw new AppError(10002, { retry_after: retryAfter });
  const refuse = async () => {
    await limits.forgotFailed(email, ip);
    return new AppError(10005);
  };
  const codeId = await checkEmailCode(app.db, email, 'reset', form.code, app.now());
  if (codeId === null) throw await refuse();
  const [user] = await app.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user || user.status === UserStatus.DELETED) throw await refuse();
  const passwordHash = await hashPassword(form.password);
  await app.db.transaction(async (tx) => {
    if (!(await consumeEmailCode(tx, codeId, app.now()))) throw new AppError(10005);
    await tx
      .update(users)
      .set({ password_hash: passwordHash, updated_at: app.now() })
      .where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id, app.now(), 'password');
    await recordSignInEvent(
      tx,
      { userId: user.id, companyId: user.company_id, action: 'password_reset' },
      app.now(),
    );
  });
  await limits.forgotSucceeded(email);
}

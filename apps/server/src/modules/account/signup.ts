/**
 * Sign-up with an emailed code (issue 3; spec §7 `POST /v1/passport/user/signup`). Order of checks:
 * decrypt and form (604), sign (10003), email and password rule (604), the 'signup' code (10005),
 * email not registered (10004; checked after the code, so only the mailbox owner learns it). Creates
 * the user with status 1, no organisation and no role, in one transaction with consuming the code.
 */

import { signupForm } from '@portal/contracts/account.ts';
import type { Lang } from '@portal/contracts/codes.ts';
import { UserStatus } from '@portal/contracts/constants.ts';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/password.ts';
import { checkEmailCode, consumeEmailCode } from '../mail/email-codes.ts';
import { assertCredentials, normaliseEmail } from './credentials-rules.ts';
import type { MailDeps } from './password-reset.ts';
import { openSignedPayload } from './signed-payload.ts';

/** Creates the account; answers the new user's id. */
export async function signup(
  deps: Pick<MailDeps, 'app' | 'keys'>,
  jwe: string,
  lang: Lang,
): Promise<{ user_id: number }> {
  const { app, keys } = deps;
  const form = await openSignedPayload(app, keys, jwe, signupForm, lang);
  assertCredentials(
    { email: { field: 'email', value: form.email }, password: { field: 'password', value: form.password } },
    lang,
  );
  const email = normaliseEmail(form.email);
  const codeId = await checkEmailCode(app.db, email, 'signup', form.code, app.now());
  if (codeId === null) throw new AppError(10005);
  const taken = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (taken.length > 0) throw new AppError(10004);
  const passwordHash = await hashPassword(form.password);
  return app.db.transaction(async (tx) => {
    if (!(await consumeEmailCode(tx, codeId, app.now()))) throw new AppError(10005);
    const [row] = await tx
      .insert(users)
      .values({
        email,
        password_hash: passwordHash,
        name: form.name,
        user_name: email.split('@')[0] ?? email,
        status: UserStatus.ACTIVE,
        created_at: app.now(),
        updated_at: app.now(),
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!row) throw new AppError(10004);
    return { user_id: row.id };
  });
}

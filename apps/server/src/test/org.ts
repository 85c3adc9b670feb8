/**
 * Test helpers for organisations: users without an organisation inserted directly (the sign-up flow
 * has its own tests), and organisations created and joined through the public signed endpoints.
 */
import { endpoints } from '@portal/contracts/endpoints.ts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { userRoles, users } from '../db/schema/users.ts';
import { DEMO_PASSWORD } from '../demo/accounts.ts';
import { hashPassword } from '../lib/password.ts';
import { loginAs } from './login.ts';
import { sendSigned } from './signed.ts';

let hashed: Promise<string> | undefined;

/** Inserts an active user without organisation (password DEMO_PASSWORD) and answers its id and a token. */
export async function newLoner(
  app: FastifyInstance,
  email: string,
): Promise<{ userId: number; token: string }> {
  hashed ??= hashPassword(DEMO_PASSWORD);
  const [row] = await app.db
    .insert(users)
    .values({ email, password_hash: await hashed, name: email, user_name: email.split('@')[0] ?? email })
    .returning({ id: users.id });
  if (!row) throw new Error('user not inserted');
  return { userId: row.id, token: await loginAs(app, email, DEMO_PASSWORD) };
}

export type Org = { userId: number; token: string; companyId: number; accountId: number };

/** A new user who creates an organisation the way the web does (company → account → bind → role 67). */
export async function newOrganisation(
  app: FastifyInstance,
  email: string,
  name = `${email} Co`,
): Promise<Org> {
  const { userId, token } = await newLoner(app, email);
  const company = await sendSigned(app, '/v1/passport/company/signup', token, {
    is_publisher: 1,
    company_name: name,
  });
  const companyId = endpoints.organisation.companySignup.data.parse(company.data).company_id;
  const account = await sendSigned(app, '/v1/passport/account/signup', token, {
    account_name: name,
    company_id: companyId,
  });
  const accountId = endpoints.organisation.accountSignup.data.parse(account.data).account_id;
  const bind = await sendSigned(app, '/v1/passport/user/bind_account', token, {
    bind_type: 2,
    account_id: accountId,
  });
  if (bind.code !== 0) throw new Error(`bind answered ${bind.code}`);
  const newToken = endpoints.organisation.bindAccount.data.parse(bind.data).new_token;
  const role = await sendSigned(app, '/v1/permission/user/add_opt_permission', newToken, {
    account_id: accountId,
    user_id: userId,
    role_ids: [67],
  });
  if (role.code !== 0) throw new Error(`add_opt_permission answered ${role.code}`);
  return { userId, token: newToken, companyId, accountId };
}

/** A new user who applies to `accountId` (status 3, role 68); answers its id and new token. */
export async function newApplicant(
  app: FastifyInstance,
  email: string,
  accountId: number,
): Promise<{ userId: number; token: string }> {
  const { userId, token } = await newLoner(app, email);
  const bind = await sendSigned(app, '/v1/passport/user/bind_account', token, {
    bind_type: 2,
    account_id: accountId,
    reason: 'I work here',
  });
  if (bind.code !== 0) throw new Error(`bind answered ${bind.code}`);
  return { userId, token: endpoints.organisation.bindAccount.data.parse(bind.data).new_token };
}

/** Every (user_id, role_id) pair, sorted: to prove a refused call changed nothing. */
export async function allRoles(app: FastifyInstance): Promise<string[]> {
  const rows = await app.db.select().from(userRoles);
  return rows.map((r) => `${r.user_id}:${r.role_id}`).sort();
}

/** A user's row. */
export async function userRow(app: FastifyInstance, userId: number) {
  const [row] = await app.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new Error(`no user ${userId}`);
  return row;
}

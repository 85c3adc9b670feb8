/**
 * Create or join an organisation (spec §4 Create/Join organisation, api-contract §6). Rules:
 * - a user belongs to at most one organisation: every call here answers 402 when the caller already
 *   has one, also while its application is pending;
 * - the user who signs a company up is its creator and the only one who may sign up an account under
 *   it; the account's creator is the only user who may join it first (and so become its super admin,
 *   role 67, status 1); everyone else joins an account that already has members, as an applicant
 *   (status 3, role 68) awaiting approval by a role-67 admin;
 * - a successful bind rotates the session: a new token is answered and the old one revoked.
 * Roles are granted here by these rules; add_opt_permission (opt-permission.ts) only confirms them.
 */
import { Code } from '@portal/contracts/codes.ts';
import { CooperationType, Role, UserStatus } from '@portal/contracts/constants.ts';
import type {
  AccountSignupBody,
  BindAccountBody,
  BindAccountData,
  CompanySignupBody,
} from '@portal/contracts/organisation.ts';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accounts, companies } from '../../db/schema/organisations.ts';
import { userRoles, users } from '../../db/schema/users.ts';
import { AppError, paramError } from '../../lib/app-error.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { createSession, revokeSessionFor } from '../../plugins/session-store.ts';
import { recordAudit } from '../audit/audit.ts';
import { notify } from '../notifications/notify.ts';

function assertNoOrganisation(user: SessionUser) {
  if (user.companyId !== null || user.accountId !== null) throw new AppError(402);
}

/** company/signup: a new company created by the caller. Publishers start with cooperation type 1. */
export async function signupCompany(
  app: FastifyInstance,
  user: SessionUser,
  body: CompanySignupBody,
): Promise<{ company_id: number }> {
  assertNoOrganisation(user);
  return app.db.transaction(async (tx) => {
    const values = {
      company_name: body.company_name,
      is_publisher: body.is_publisher,
      cooperation_types: body.is_publisher === 1 ? [CooperationType.SDK] : [],
      created_by: user.userId,
      created_at: app.now(),
    };
    const [row] = await tx.insert(companies).values(values).returning({ id: companies.id });
    if (!row) throw new Error('company not inserted');
    const { created_at: _at, ...after } = values;
    await recordAudit(
      tx,
      {
        actorId: user.userId,
        companyId: row.id,
        objectType: 'organisation',
        objectId: row.id,
        action: 'create',
        after,
      },
      values.created_at,
    );
    return { company_id: row.id };
  });
}

/** account/signup: an account under a company the caller created (402 otherwise). */
export async function signupAccount(
  app: FastifyInstance,
  user: SessionUser,
  body: AccountSignupBody,
): Promise<{ account_id: number }> {
  assertNoOrganisation(user);
  const [company] = await app.db
    .select({ created_by: companies.created_by })
    .from(companies)
    .where(eq(companies.id, body.company_id))
    .limit(1);
  if (!company || company.created_by !== user.userId) throw new AppError(402);
  const now = app.now();
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(accounts)
      .values({
        account_name: body.account_name,
        company_id: body.company_id,
        created_by: user.userId,
        created_at: now,
      })
      .returning({ id: accounts.id });
    if (!row) throw new Error('account not inserted');
    // The organisation's account is an organisation setting (issue 16 §3): one entry, same transaction.
    await recordAudit(
      tx,
      {
        actorId: user.userId,
        companyId: body.company_id,
        objectType: 'organisation',
        objectId: body.company_id,
        action: 'account_create',
        after: { account_id: row.id, account_name: body.account_name },
      },
      now,
    );
    return { account_id: row.id };
  });
}

/**
 * The account a bind request names: by id (bind_type 2) or by an active super admin's email (1).
 * An email that is no active super admin's answers 10022; an unknown id 10023 (in bindAccount).
 */
async function accountToJoin(app: FastifyInstance, body: BindAccountBody): Promise<number> {
  if (body.bind_type === 2) {
    if (body.account_id === undefined) throw paramError([{ field: 'account_id', message: 'Required' }]);
    return body.account_id;
  }
  const email = body.email?.trim().toLowerCase();
  if (!email) throw paramError([{ field: 'email', message: 'Required' }]);
  const [admin] = await app.db
    .select({ account_id: users.account_id })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.user_id, users.id), eq(userRoles.role_id, Role.ADMIN)))
    .where(and(eq(users.email, email), eq(users.status, UserStatus.ACTIVE)))
    .limit(1);
  if (!admin?.account_id) throw new AppError(Code.JOIN_EMAIL_NOT_ADMIN);
  return admin.account_id;
}

/** bind_account: joins the caller to an account under the rules of the module docstring. */
export async function bindAccount(
  app: FastifyInstance,
  user: SessionUser,
  body: BindAccountBody,
): Promise<BindAccountData> {
  assertNoOrganisation(user);
  const accountId = await accountToJoin(app, body);
  const now = app.now();
  return app.db.transaction(async (tx) => {
    // Serialise binds to one account, so two callers cannot both be its first joiner.
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update');
    if (!account) throw new AppError(Code.JOIN_ACCOUNT_UNKNOWN);
    const [members] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.account_id, accountId), ne(users.status, UserStatus.DELETED)));
    const firstJoin = (members?.n ?? 0) === 0;
    if (firstJoin && account.created_by !== user.userId) throw new AppError(402);
    const reason = body.reason?.trim() ?? '';
    if (!firstJoin && reason === '') throw paramError([{ field: 'reason', message: 'Required' }]);
    const joined = await tx
      .update(users)
      .set({
        account_id: accountId,
        company_id: account.company_id,
        status: firstJoin ? UserStatus.ACTIVE : UserStatus.APPLICATION,
        join_reason: firstJoin ? null : reason,
        updated_at: now,
      })
      .where(and(eq(users.id, user.userId), isNull(users.company_id), isNull(users.account_id)))
      .returning({ id: users.id });
    if (joined.length !== 1) throw new AppError(402);
    await tx
      .insert(userRoles)
      .values({ user_id: user.userId, role_id: firstJoin ? Role.ADMIN : Role.MEMBER })
      .onConflictDoNothing();
    await recordAudit(
      tx,
      {
        actorId: user.userId,
        companyId: account.company_id,
        objectType: 'member',
        objectId: user.userId,
        action: firstJoin ? 'join' : 'apply',
        before: null,
        after: {
          account_id: accountId,
          status: firstJoin ? UserStatus.ACTIVE : UserStatus.APPLICATION,
          role_ids: [firstJoin ? Role.ADMIN : Role.MEMBER],
        },
      },
      now,
    );
    if (!firstJoin) {
      await notify(tx, {
        kind: 'join_requested',
        to: { companyId: account.company_id },
        params: { user_id: user.userId, user_name: user.name, email: user.email, reason },
        now,
      });
    }
    const newToken = await createSession(tx, user.userId, now);
    await revokeSessionFor(tx, user.tokenHash, now, 'rotated');
    return { new_token: newToken, account_id: accountId, is_first_join: firstJoin };
  });
}

/**
 * Implements `app.authenticate` (types in plugins/session.ts; api-contract §1, §6): reads the `token`
 * request header only (never a cookie), and answers 603 when it is absent, 20003 when the session is
 * unknown, expired or revoked, 20005 when the user is inactivated (2) or deleted (-1), also when the
 * session was revoked for that reason (the user may since be reactivated). Otherwise loads
 * the user fresh from the store into `request.user`.
 */
import { UserStatus } from '@portal/contracts/constants.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { hashToken } from '../lib/session-token.ts';
import type { SessionUser } from './session.ts';
import { isLive, readSession, sessionRevokedReason } from './session-store.ts';

/**
 * A check run on every authenticated request after the user is known (e.g. the two-factor module's
 * enrolment rule); throws an AppError to refuse. Given by the app, so this plugin imports no module.
 */
export type CallerCheck = (app: FastifyInstance, request: FastifyRequest) => Promise<void>;

/** Longest token header looked up; longer values cannot be ours (ours are 43 characters). */
const MAX_TOKEN_LENGTH = 256;

/** Decorates `app.authenticate`: the session's user into `request.user`, then each of `checks`. */
export async function registerSession(app: FastifyInstance, checks: CallerCheck[] = []) {
  app.decorateRequest('user', undefined);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    request.user = await sessionUserOf(app, request.headers.token);
    for (const check of checks) await check(app, request);
  });
}

/**
 * The signed-in user for a `token` header value. Throws AppError 603 / 20003 / 20005 as described in
 * the module docstring.
 */
export async function sessionUserOf(
  app: FastifyInstance,
  header: string | string[] | undefined,
): Promise<SessionUser> {
  const token = Array.isArray(header) ? header[0] : header;
  if (!token) throw new AppError(603);
  if (token.length > MAX_TOKEN_LENGTH) throw new AppError(20003);
  const tokenHash = hashToken(token);
  // Session, roles and grants in one statement (session-store.ts), reused until a write to a table
  // they come from, here or on another instance (caller-cache.ts); expiry checked each time.
  const found = await app.callerCache.get(tokenHash, 'session', () => readSession(app.db, tokenHash));
  if (!isLive(found, app.now())) {
    // A session revoked because the user was inactivated or deleted answers 20005 (api-contract §2).
    const reason = await sessionRevokedReason(app.db, tokenHash);
    throw new AppError(reason === 'inactivated' || reason === 'deleted' ? 20005 : 20003);
  }
  const { user, roles, grants } = found;
  if (user.status === UserStatus.INACTIVE || user.status === UserStatus.DELETED) {
    throw new AppError(20005);
  }
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    status: user.status,
    companyId: user.company_id,
    accountId: user.account_id,
    roles,
    timezone: user.timezone ?? null,
    tokenHash,
    grants,
  };
}

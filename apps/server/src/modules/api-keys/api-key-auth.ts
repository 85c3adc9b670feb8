/**
 * Reporting API keys as credentials (issue 16 §1). `app.authenticateReport` is the preHandler of the
 * report list and export routes only: `Authorization: Bearer ppk_…` signs the request in as the key's
 * creator, evaluated at each use (a revoked key answers 20003; a creator who was inactivated or
 * deleted 20005, one who left the key's organisation 20003; a creator whose role or data permissions
 * changed sees their new scope; a creator who must enrol in two-factor first 10031), otherwise it falls back to the `token` session header
 * (`app.authenticate`). Each accepted call counts one use (`use_count`, `last_used_at`) in the same
 * statement that checks the key, and each key has its own rate limit (LIMITS below, 10002 with
 * retry_after). Other routes never read the Authorization header, so a key cannot do anything else.
 */
import { UserStatus } from '@portal/contracts/constants.ts';
import { API_KEY_PREFIX } from '@portal/contracts/security.ts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/security.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashToken } from '../../lib/session-token.ts';
import { createCounters } from '../../plugins/counters.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { readCallerUser } from '../../plugins/session-store.ts';
import { enforceTwoFactorEnrolment } from '../two-factor/enforce.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler of report list/export routes: a reporting API key (Bearer) or a session. */
    authenticateReport: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** Id of the API key the request was signed in with; undefined for sessions. */
    apiKeyId?: number;
  }
}

/** Calls per key: 120 a minute. */
export const API_KEY_LIMIT = { points: 120, durationSeconds: 60 };

/** Length of a key: the prefix and 43 base64url characters (32 random bytes). */
const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);

/** The `tokenHash` of a caller signed in with a key: keeps its cached values apart from sessions'. */
export const apiKeyCallerId = (keyHash: string) => `apikey:${keyHash}`;

export async function registerApiKeyAuth(app: FastifyInstance) {
  const counters = createCounters(app.config);
  const perKey = counters.counter('apikey', API_KEY_LIMIT);
  app.addHook('onClose', () => counters.close());
  app.decorateRequest('apiKeyId', undefined);
  app.decorate('authenticateReport', async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization;
    if (!header || request.headers.token) return app.authenticate(request, reply);
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1] || !KEY_PATTERN.test(match[1])) throw new AppError(20003);
    const keyHash = hashToken(match[1]);
    const retryAfter = await perKey.consume(keyHash);
    if (retryAfter > 0) throw new AppError(10002, { retry_after: retryAfter });
    const key = await useKey(app.db, keyHash, app.now());
    if (!key) throw new AppError(20003);
    const callerId = apiKeyCallerId(keyHash);
    const found = await app.callerCache.get(callerId, 'session', () => readCallerUser(app.db, key.user_id));
    if (!found || found.user.status === UserStatus.DELETED || found.user.status === UserStatus.INACTIVE) {
      throw new AppError(20005);
    }
    if (found.user.company_id !== key.company_id) throw new AppError(20003);
    request.apiKeyId = key.id;
    request.user = {
      userId: found.user.id,
      email: found.user.email,
      name: found.user.name,
      status: found.user.status,
      companyId: found.user.company_id,
      accountId: found.user.account_id,
      roles: found.roles,
      timezone: found.user.timezone ?? null,
      tokenHash: callerId,
      grants: found.grants,
    } satisfies SessionUser;
    // A key is its creator: when the organisation requires two-factor and the creator has not
    // enrolled, the key answers 10031 like the creator's session would.
    await enforceTwoFactorEnrolment(app, request);
  });
}

/**
 * Counts one use of the live key `keyHash` and answers its creator and organisation; null when no
 * live key has that hash. One statement, so checking and counting cannot drift apart.
 */
async function useKey(db: Db, keyHash: string, now: Date) {
  const [row] = await db
    .update(apiKeys)
    .set({ use_count: sql`${apiKeys.use_count} + 1`, last_used_at: now })
    .where(and(eq(apiKeys.key_hash, keyHash), isNull(apiKeys.revoked_at)))
    .returning({ id: apiKeys.id, user_id: apiKeys.user_id, company_id: apiKeys.company_id });
  return row ?? null;
}

/**
 * Sign-in events in the audit log (issue 22 item 11, ASVS V16.3; contracts security.ts
 * `signInActions`): object type `sign_in`, object id the user, the user's organisation (so its admins
 * see them in the audit log), the client address, and in `after` the user agent and the event's
 * detail. The actor is the user for what the user did (signed in, changed the password, signed out)
 * and null for failed attempts, which anyone may have made. `listSignInEvents` feeds the user's own
 * security page. Never throws into the caller's answer: a failed write is the caller's to log.
 */
import type { SignInAction } from '@portal/contracts/security.ts';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/security.ts';
import { requestContext } from '../../plugins/request-context.ts';
import { type AuditExecutor, recordAudit } from './audit.ts';

export type SignInEvent = {
  userId: number;
  companyId: number | null;
  action: SignInAction;
  /** Small facts of the event (e.g. `{ how: 'others', count: 2 }`); no secrets. */
  detail?: Record<string, string | number>;
};

/** Actions made by someone who has not proven to be the user. */
const ATTEMPTS: ReadonlySet<SignInAction> = new Set(['login_failed', 'two_factor_failed', 'locked_out']);

/** Records one sign-in event at `at` through `db` (a transaction when it goes with a change). */
export async function recordSignInEvent(db: AuditExecutor, event: SignInEvent, at: Date): Promise<void> {
  await recordAudit(
    db,
    {
      actorId: ATTEMPTS.has(event.action) ? null : event.userId,
      companyId: event.companyId,
      objectType: 'sign_in',
      objectId: event.userId,
      action: event.action,
      after: { user_agent: requestContext()?.userAgent ?? null, ...(event.detail ?? {}) },
    },
    at,
  );
}

/** The latest `limit` sign-in events of `userId`, newest first, with their raw user agent. */
export async function listSignInEvents(db: AuditExecutor, userId: number, limit = 50) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.object_type, 'sign_in'), eq(auditLog.object_id, String(userId))))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
  return rows.map((r) => {
    const { user_agent, ...detail } = (r.after ?? {}) as Record<string, string | number | null>;
    return {
      id: r.id,
      at: r.at,
      action: r.action as SignInAction,
      ip: r.ip,
      userAgent: typeof user_agent === 'string' ? user_agent : null,
      detail: Object.keys(detail).length > 0 ? (detail as Record<string, string | number>) : null,
    };
  });
}

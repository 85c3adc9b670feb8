/**
 * The caller's sessions (issue 16 §4): live sessions (not revoked, not expired) with the device read
 * from the user agent (ua-parser-js), address, start and last activity (activity.ts); signing out one
 * of them, or every one but the current. A session is named by the first 16 hex characters of its
 * token hash, never by its token; only the caller's own sessions can be named.
 */
import type { SessionItem } from '@portal/contracts/security.ts';
import { and, desc, eq, gt, isNull, like } from 'drizzle-orm';
import { UAParser } from 'ua-parser-js';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema/auth.ts';
import { sessionDetails } from '../../db/schema/security.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { revokeSessionFor, revokeUserSessions } from '../../plugins/session-store.ts';
import { recordSignInEvent } from '../audit/sign-in-events.ts';

const idOf = (tokenHash: string) => tokenHash.slice(0, 16);

/** "Chrome 120 · Windows 10" from a user agent; '' when unknown. */
export function deviceOf(userAgent: string | null): string {
  if (!userAgent) return '';
  const r = UAParser(userAgent);
  const browser = [r.browser.name, r.browser.major].filter(Boolean).join(' ');
  const os = [r.os.name, r.os.version].filter(Boolean).join(' ');
  const device = [r.device.vendor, r.device.model].filter(Boolean).join(' ');
  return [browser, os, device].filter(Boolean).join(' · ');
}

/** The caller's live sessions, newest first; `current` marks the one making the request. */
export async function listSessions(db: Db, user: SessionUser, now: Date): Promise<SessionItem[]> {
  const rows = await db
    .select({
      token_hash: sessions.token_hash,
      created_at: sessions.created_at,
      ip: sessionDetails.ip,
      user_agent: sessionDetails.user_agent,
      last_seen_at: sessionDetails.last_seen_at,
    })
    .from(sessions)
    .leftJoin(sessionDetails, eq(sessionDetails.token_hash, sessions.token_hash))
    .where(and(eq(sessions.user_id, user.userId), isNull(sessions.revoked_at), gt(sessions.expires_at, now)))
    .orderBy(desc(sessions.created_at));
  return rows.map((r) => ({
    id: idOf(r.token_hash),
    device: deviceOf(r.user_agent),
    ip: r.ip,
    created_at: r.created_at.toISOString(),
    last_seen_at: r.last_seen_at?.toISOString() ?? null,
    current: r.token_hash === user.tokenHash,
  }));
}

/** Signs out the caller's live session `id` (may be the current one); 10008 when there is none. */
export async function revokeOwnSession(db: Db, user: SessionUser, id: string, now: Date): Promise<void> {
  const found = await db
    .select({ token_hash: sessions.token_hash })
    .from(sessions)
    .where(
      and(
        eq(sessions.user_id, user.userId),
        like(sessions.token_hash, `${id}%`),
        isNull(sessions.revoked_at),
        gt(sessions.expires_at, now),
      ),
    );
  const [row] = found;
  if (!row || found.length !== 1) throw new AppError(10008);
  await revokeSessionFor(db, row.token_hash, now, 'logout');
  const how = row.token_hash === user.tokenHash ? 'logout' : 'one';
  await recordSignInEvent(
    db,
    { userId: user.userId, companyId: user.companyId, action: 'signed_out', detail: { how, count: 1 } },
    now,
  );
}

/** Signs out every live session of the caller except the current one; answers how many. */
export async function revokeOtherSessions(db: Db, user: SessionUser, now: Date): Promise<number> {
  const others = (await listSessions(db, user, now)).filter((s) => !s.current).length;
  await revokeUserSessions(db, user.userId, now, 'logout', user.tokenHash);
  await recordSignInEvent(
    db,
    {
      userId: user.userId,
      companyId: user.companyId,
      action: 'signed_out',
      detail: { how: 'others', count: others },
    },
    now,
  );
  return others;
}

/**
 * Session activity (issue 16 §4): after each request signed in with a session, records the client
 * address, user agent and time in `session_details`, at most once per TOUCH_INTERVAL_MS per session
 * and process, so a busy client costs one write a minute, not one per request. The table is not one
 * the caller cache reads (plugins/caller-cache.ts `CALLER_TABLES`), so these writes keep it. A
 * session's first request creates its row, so a login needs no extra write.
 */
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { sessionDetails } from '../../db/schema/security.ts';

/** Least time between two activity writes of one session, ms. */
export const TOUCH_INTERVAL_MS = 60_000;
/** Longest user agent kept. */
export const MAX_UA = 512;
const MAX_TRACKED = 10_000;

export function registerSessionActivity(app: FastifyInstance) {
  const lastTouch = new Map<string, number>();
  app.addHook('onResponse', async (request) => {
    const user = request.user;
    if (!user || request.apiKeyId !== undefined) return;
    const now = app.now();
    const last = lastTouch.get(user.tokenHash);
    if (last !== undefined && now.getTime() - last < TOUCH_INTERVAL_MS) return;
    lastTouch.set(user.tokenHash, now.getTime());
    if (lastTouch.size > MAX_TRACKED) {
      for (const [k, t] of lastTouch) if (now.getTime() - t >= TOUCH_INTERVAL_MS) lastTouch.delete(k);
    }
    const ua = request.headers['user-agent']?.slice(0, MAX_UA) ?? null;
    await touchSession(app.db, user.tokenHash, user.userId, request.ip, ua, now).catch((err) =>
      app.log.warn({ err }, 'session activity not recorded'),
    );
  });
}

/** Upserts the session's address, user agent and last-seen time. */
export async function touchSession(
  db: Executor,
  tokenHash: string,
  userId: number,
  ip: string | null,
  userAgent: string | null,
  now: Date,
): Promise<void> {
  await db
    .insert(sessionDetails)
    .values({ token_hash: tokenHash, user_id: userId, ip, user_agent: userAgent, last_seen_at: now })
    .onConflictDoUpdate({
      target: sessionDetails.token_hash,
      set: { ip, user_agent: userAgent, last_seen_at: now },
    });
}

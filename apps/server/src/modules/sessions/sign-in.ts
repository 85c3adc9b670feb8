/**
 * What a sign-in records besides its session (issue 27 item 4), called by the login routes once a
 * session was started (password login, or its two-factor step):
 * - the user's UI language, from the request's `Accept-Language` (the web sends its language on every
 *   request): mails to the user are written in it;
 * - the session's address and user agent, at once (session_details; activity.ts keeps them fresh);
 * - a `new_device_sign_in` notification when the device was not seen in any earlier session of the
 *   user.
 *
 * "Device" (decided here, kept simple): the browser's name, the OS's name and the device's vendor and
 * model, read from the user agent by ua-parser-js, without versions, so a browser update is not a new
 * device. A user's first sign-in notifies nothing (there is nothing to compare with), and neither
 * does a request without a user agent. Never fails the login: a failure is logged.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UAParser } from 'ua-parser-js';
import { sessions } from '../../db/schema/auth.ts';
import { sessionDetails } from '../../db/schema/security.ts';
import { users } from '../../db/schema/users.ts';
import { requestLang } from '../../lib/request-lang.ts';
import { hashToken } from '../../lib/session-token.ts';
import { recordSignInEvent } from '../audit/sign-in-events.ts';
import { setUserLanguage } from '../notifications/language.ts';
import { notify } from '../notifications/notify.ts';
import { MAX_UA, touchSession } from './activity.ts';
import { deviceOf } from './session-service.ts';

/** What identifies a device in a user agent: browser, OS, vendor and model names ('' when none). */
export function deviceKey(userAgent: string | null): string {
  if (!userAgent) return '';
  const r = UAParser(userAgent);
  const parts = [r.browser.name, r.os.name, r.device.vendor, r.device.model];
  return parts.some(Boolean) ? parts.map((v) => v ?? '').join('|') : '';
}

/** Records the sign-in that started the session of `token` (see the module doc). */
export async function recordSignIn(app: FastifyInstance, request: FastifyRequest, token: string) {
  try {
    const tokenHash = hashToken(token);
    const [session] = await app.db
      .select({ user_id: sessions.user_id })
      .from(sessions)
      .where(eq(sessions.token_hash, tokenHash))
      .limit(1);
    if (!session) return;
    const userId = session.user_id;
    const now = app.now();
    await setUserLanguage(app.db, userId, requestLang(request), now);
    const ua = request.headers['user-agent']?.slice(0, MAX_UA) ?? null;
    const key = deviceKey(ua);
    const seen = await app.db
      .select({ user_agent: sessionDetails.user_agent })
      .from(sessionDetails)
      .where(and(eq(sessionDetails.user_id, userId), ne(sessionDetails.token_hash, tokenHash)));
    const [user] = await app.db
      .select({ company_id: users.company_id })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    await app.db.transaction(async (tx) => {
      await touchSession(tx, tokenHash, userId, request.ip, ua, now);
      await recordSignInEvent(tx, { userId, companyId: user?.company_id ?? null, action: 'login' }, now);
      if (key === '' || seen.length === 0 || seen.some((s) => deviceKey(s.user_agent) === key)) return;
      await notify(tx, {
        kind: 'new_device_sign_in',
        to: { userId },
        params: { device: deviceOf(ua) || key, ip: request.ip },
        now,
      });
    });
  } catch (err) {
    request.log.warn({ err }, 'sign-in not fully recorded');
  }
}

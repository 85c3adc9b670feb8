/**
 * Session authentication (api-contract §1, §6): the `token` request header only, never a cookie.
 * `app.authenticate` runs at onRequest on routes whose caller is 'session' (plugins/route-callers.ts); it loads the caller into `request.user` or answers 603 (no
 * token), 20003 (unknown, expired or revoked token) or 20005 (user inactivated or deleted).
 *
 * The hook itself is plugins/session-impl.ts; other modules use only the types and `currentUser` here.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CallerGrants } from './session-store.ts';

/** The signed-in caller, loaded fresh from the store on every request. */
export type SessionUser = {
  userId: number;
  email: string;
  name: string;
  /** 1 activated, 3 new application (pending); 2 and -1 never get here (20005). */
  status: number;
  companyId: number | null;
  accountId: number | null;
  /** Role ids (70, 67, 68). */
  roles: number[];
  /** IANA zone of the user's hourly reports; null for the network's REPORT_TIMEZONE (issue 13 item 9). */
  timezone: string | null;
  /** SHA-256 hex of the session token (for logout). */
  tokenHash: string;
  /**
   * Access and scope inputs read in the same statement as the session (session-store.ts), as fresh
   * as it; absent on a caller built another way, whose modules read them from the store.
   */
  grants?: CallerGrants;
};

declare module 'fastify' {
  interface FastifyRequest {
    user?: SessionUser;
  }
  interface FastifyInstance {
    /** preHandler: requires a valid session; sets `request.user`. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** The caller of a route behind `app.authenticate`. Throws if used on a route without it. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new Error('currentUser() on a route without app.authenticate');
  return request.user;
}

/**
 * The caller's sessions (issue 16 §4): list, sign out one, sign out all others (after the password
 * and, with two-factor on, a code: issue 22 item 10).
 */
import { endpoints } from '@portal/contracts/endpoints.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { ok } from '../../lib/route-schema.ts';
import { currentUser } from '../../plugins/session.ts';
import { listSignInEvents } from '../audit/sign-in-events.ts';
import { twoFactorDepsOf } from '../two-factor/deps.ts';
import { reauthenticate } from '../two-factor/two-factor-service.ts';
import { deviceOf, listSessions, revokeOtherSessions, revokeOwnSession } from './session-service.ts';

export async function sessionRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const twoFactor = twoFactorDepsOf(root);

  route(
    app,
    endpoints.security.sessions,
    { tags: ['sessions'], summary: "The caller's live sessions: device, address, started, last seen" },
    async (request) => ok(request, { list: await listSessions(app.db, currentUser(request), app.now()) }),
  );

  route(
    app,
    endpoints.security.events,
    {
      tags: ['sessions'],
      summary:
        "The caller's latest 50 sign-in events: sign-ins, failed attempts, lockouts, recovery codes, password changes, sign-outs",
    },
    async (request) => {
      const rows = await listSignInEvents(app.db, currentUser(request).userId);
      const list = rows.map(({ userAgent, at, ...r }) => ({
        ...r,
        at: at.toISOString(),
        device: deviceOf(userAgent),
      }));
      return ok(request, { list });
    },
  );

  route(
    app,
    endpoints.security.revokeSession,
    {
      tags: ['sessions'],
      summary: 'Sign out one of the caller’s sessions (10008 when it is not a live one of theirs)',
    },
    async (request) => {
      await revokeOwnSession(app.db, currentUser(request), request.body.id, app.now());
      return ok(request, null);
    },
  );

  route(
    app,
    endpoints.security.revokeOtherSessions,
    {
      tags: ['sessions'],
      summary:
        'Sign out every session of the caller except this one, after the password (606) and, with two-factor on, a code (10030)',
    },
    async (request) => {
      const user = currentUser(request);
      await reauthenticate(twoFactor, user.userId, request.body.password, request.body.code);
      return ok(request, { revoked: await revokeOtherSessions(app.db, user, app.now()) });
    },
  );
}

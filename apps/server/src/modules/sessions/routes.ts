/**
 * The caller's sessions (issue 16 §4): list, sign out one, sign out all others (after the password
 * and, with two-factor on, a code: issue 22 item 10).
 */
import { reauthBody, securityEventList, sessionList, sessionRevokeBody } from '@portal/contracts/security.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answer, ok } from '../../lib/route-schema.ts';
import { declareCaller } from '../../plugins/route-callers.ts';
import { currentUser } from '../../plugins/session.ts';
import { listSignInEvents } from '../audit/sign-in-events.ts';
import { twoFactorDepsOf } from '../two-factor/deps.ts';
import { reauthenticate } from '../two-factor/two-factor-service.ts';
import { deviceOf, listSessions, revokeOtherSessions, revokeOwnSession } from './session-service.ts';

const security = [{ token: [] }];

export async function sessionRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // Every route of this group needs a session (api-contract §1): authenticated once, here.
  declareCaller(app, 'session');
  const twoFactor = twoFactorDepsOf(root);

  app.get(
    '/v1/account/sessions',
    {
      schema: {
        tags: ['sessions'],
        summary: "The caller's live sessions: device, address, started, last seen",
        security,
        response: { 200: answer(sessionList) },
      },
    },
    async (request) => ok(request, { list: await listSessions(app.db, currentUser(request), app.now()) }),
  );

  app.get(
    '/v1/account/security_events',
    {
      schema: {
        tags: ['sessions'],
        summary:
          "The caller's latest 50 sign-in events: sign-ins, failed attempts, lockouts, recovery codes, password changes, sign-outs",
        security,
        response: { 200: answer(securityEventList) },
      },
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

  app.delete(
    '/v1/account/sessions',
    {
      schema: {
        tags: ['sessions'],
        summary: 'Sign out one of the caller’s sessions (10008 when it is not a live one of theirs)',
        security,
        body: sessionRevokeBody,
        response: { 200: answer(z.null()) },
      },
    },
    async (request) => {
      await revokeOwnSession(app.db, currentUser(request), request.body.id, app.now());
      return ok(request, null);
    },
  );

  app.post(
    '/v1/account/sessions/others',
    {
      schema: {
        tags: ['sessions'],
        summary:
          'Sign out every session of the caller except this one, after the password (606) and, with two-factor on, a code (10030)',
        security,
        body: reauthBody,
        response: { 200: answer(z.object({ revoked: z.number().int() })) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await reauthenticate(twoFactor, user.userId, request.body.password, request.body.code);
      return ok(request, { revoked: await revokeOtherSessions(app.db, user, app.now()) });
    },
  );
}

/**
 * Two-factor routes (issue 16 §2): status, enrol (QR code), confirm (recovery codes), disable, the
 * organisation policy, and the second sign-in step (no session: the login's challenge and a code).
 */
import { endpoints } from '@portal/contracts/endpoints.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { ok } from '../../lib/route-schema.ts';
import { currentUser } from '../../plugins/session.ts';
import { recordSignIn } from '../sessions/sign-in.ts';
import { completeChallenge } from './challenge.ts';
import { twoFactorDepsOf } from './deps.ts';
import { confirm, disable, enrol, setPolicy, twoFactorStatus as statusOf } from './two-factor-service.ts';

export async function twoFactorRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const deps = twoFactorDepsOf(root);

  // Every route but the second sign-in step needs a session (callers in endpoints/security.ts).
  await root.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();

    route(
      app,
      endpoints.security.twoFactor,
      { tags: ['two-factor'], summary: "The caller's two-factor state and the organisation's policy" },
      async (request) => ok(request, await statusOf(app.db, currentUser(request))),
    );

    route(
      app,
      endpoints.security.twoFactorEnrol,
      {
        tags: ['two-factor'],
        summary:
          'Start enrolment after the password (606): a new secret as a QR code (PNG data URL); 10007 when already on',
      },
      async (request) => ok(request, await enrol(deps, currentUser(request), request.body.password)),
    );

    route(
      app,
      endpoints.security.twoFactorConfirm,
      {
        tags: ['two-factor'],
        summary: 'Confirm enrolment with a code; answers ten single-use recovery codes, shown once',
      },
      async (request) =>
        ok(request, { recovery_codes: await confirm(deps, currentUser(request), request.body.code) }),
    );

    route(
      app,
      endpoints.security.twoFactorDisable,
      {
        tags: ['two-factor'],
        summary:
          'Turn two-factor off with the password (606) and a current code (10030); 10051 for an admin while the organisation requires it',
      },
      async (request) => {
        await disable(deps, currentUser(request), request.body.password, request.body.code);
        return ok(request, null);
      },
    );

    route(
      app,
      endpoints.security.twoFactorPolicy,
      { tags: ['two-factor'], summary: 'Organisation admins (67): require two-factor of every member' },
      async (request) => {
        const user = currentUser(request);
        await setPolicy(deps, user, request.body.require_two_factor);
        return ok(request, await statusOf(app.db, user));
      },
    );
  });

  route(
    app,
    endpoints.security.twoFactorLogin,
    {
      tags: ['passport'],
      summary: 'Second sign-in step: the login’s two_factor_challenge and a TOTP code or a recovery code',
      description:
        'Answers the login answer `{ token, company_status }`. 10030 wrong code, 10032 challenge unknown, ' +
        'used, expired (5 minutes) or out of tries (5), 10002 too many wrong codes.',
    },
    async (request) => {
      const answered = await completeChallenge(deps, request.body);
      await recordSignIn(app, request, answered.token);
      return ok(request, answered);
    },
  );
}

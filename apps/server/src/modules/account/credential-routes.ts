/**
 * Credential routes of issue 3 (spec §7 Account, api-contract §3–6): emailed codes, password reset,
 * sign-up and password change. Registered by signInRoutes, which owns the key ring, the attempt
 * limits and the mailer. Thin: the work is in password-reset.ts, signup.ts and password-change.ts.
 */
import { endpoints } from '@portal/contracts/endpoints.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { requestLang } from '../../lib/request-lang.ts';
import { ok } from '../../lib/route-schema.ts';
import { currentUser } from '../../plugins/session.ts';
import { changePassword } from './password-change.ts';
import { forgotPassword, type MailDeps, sendEmailCode } from './password-reset.ts';
import { signup } from './signup.ts';

/** Registers send_email, password/forgot and user/signup (no session needed) on `root`. */
export function registerCredentialRoutes(root: FastifyInstance, deps: Omit<MailDeps, 'app'>) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const full: MailDeps = { app, ...deps };

  route(
    app,
    endpoints.account.sendEmailCode,
    {
      tags: ['passport'],
      summary: 'Email a 6-digit code (encrypted, signed; type reset | signup; same answer for any address)',
    },
    async (request) => {
      await sendEmailCode(full, request.body.data, request.ip, requestLang(request));
      return ok(request, null);
    },
  );

  route(
    app,
    endpoints.account.forgotPassword,
    {
      tags: ['passport'],
      summary: 'Reset the password with an emailed code (encrypted, signed); revokes every session',
    },
    async (request) => {
      await forgotPassword(full, request.body.data, request.ip, requestLang(request));
      return ok(request, null);
    },
  );

  route(
    app,
    endpoints.account.signup,
    { tags: ['passport'], summary: 'Create an account with an emailed sign-up code (encrypted, signed)' },
    async (request) => ok(request, await signup(full, request.body.data, requestLang(request))),
  );
}

/**
 * Registers PUT /api/v1/user/password on `scope`, which must authenticate every route of its group
 * (signInRoutes' signed-in scope declares its caller 'session', plugins/route-callers.ts).
 */
export function registerPasswordChange(scope: FastifyInstance, deps: Omit<MailDeps, 'app'>) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const full: MailDeps = { app, ...deps };

  route(
    app,
    endpoints.account.changePassword,
    { tags: ['user'], summary: 'Change the password (606 wrong old password); other sessions are revoked' },
    async (request) => {
      await changePassword(full, currentUser(request), request.body, request.ip, requestLang(request));
      return ok(request, null);
    },
  );
}

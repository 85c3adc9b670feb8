/**
 * Account sign-in routes, the `/v1/passport` group (spec §7 Account, api-contract §4–6): the JWE
 * public key, math captchas, login and logout, plus (credential-routes.ts) emailed codes, password
 * reset, sign-up and password change. Thin: the work is in plugins/keys.ts, captcha.ts, login.ts,
 * plugins/session-store.ts and sessions/sign-in.ts.
 */
import { endpoints } from '@portal/contracts/endpoints.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { route } from '../../lib/endpoint-route.ts';
import { requestLang } from '../../lib/request-lang.ts';
import { ok } from '../../lib/route-schema.ts';
import { JWE_ALG, JWE_ENC } from '../../plugins/keys.ts';
import { createMailer } from '../../plugins/mailer.ts';
import { createAttemptLimits } from '../../plugins/rate-limit.ts';
import { currentUser } from '../../plugins/session.ts';
import { revokeSession } from '../../plugins/session-store.ts';
import { recordSignInEvent } from '../audit/sign-in-events.ts';
import { recordSignIn } from '../sessions/sign-in.ts';
import { issueCaptcha, refreshCaptcha } from './captcha.ts';
import { registerCredentialRoutes, registerPasswordChange } from './credential-routes.ts';
import { dummyPasswordHash, login } from './login.ts';

export async function signInRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const keys = app.keyRing;
  const limits = await createAttemptLimits(
    app.config,
    (err) => app.log.warn({ err }, 'REDIS_URL not reachable; counting attempts in process until it is'),
    app.metrics.rateLimited,
  );
  const mailer = createMailer(app.config, app.log);
  app.addHook('onClose', async () => {
    await limits.close();
    await mailer.close();
  });
  void dummyPasswordHash();

  route(
    app,
    endpoints.account.publicKey,
    { tags: ['passport'], summary: 'Public key for encrypted payloads (JWE RSA-OAEP-256 / A256GCM)' },
    async (request) => {
      // A key rotated by another instance (or `npm run keys:rotate`) is served within a minute.
      await keys.refresh();
      const { kid, publicKeyPem } = keys.current();
      return ok(request, { kid, alg: JWE_ALG, enc: JWE_ENC, public_key: publicKeyPem } as const);
    },
  );

  route(
    app,
    endpoints.account.captcha,
    { tags: ['passport'], summary: 'New arithmetic image captcha (5 minutes, single use)' },
    async (request) => {
      const retryAfter = await limits.captchaIssued(request.ip);
      if (retryAfter > 0) throw new AppError(10002, { retry_after: retryAfter });
      return ok(request, await issueCaptcha(app.db, app.now()));
    },
  );

  route(
    app,
    endpoints.account.captchaRefresh,
    {
      tags: ['passport'],
      summary: 'Replace a captcha: the old id stops working, the answer carries a new id',
    },
    async (request) => {
      const retryAfter = await limits.captchaIssued(request.ip);
      if (retryAfter > 0) throw new AppError(10002, { retry_after: retryAfter });
      return ok(request, await refreshCaptcha(app.db, request.body.captcha_id, app.now()));
    },
  );

  route(
    app,
    endpoints.account.login,
    { tags: ['passport'], summary: 'Log in with an encrypted, signed login form' },
    async (request) => {
      const answered = await login(
        { app, keys, limits },
        request.body.data,
        request.ip,
        requestLang(request),
      );
      // Signed in (no two-factor step): language, device, new-device notice (sessions/sign-in.ts).
      if ('token' in answered) await recordSignIn(app, request, answered.token);
      return ok(request, answered);
    },
  );

  registerCredentialRoutes(app, { keys, limits, mailer });

  // Logout and password change need a session (caller `session` in endpoints/account.ts); the routes
  // above are public.
  await root.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();

    route(
      app,
      endpoints.account.logout,
      { tags: ['passport'], summary: 'Revoke the current session' },
      async (request) => {
        const user = currentUser(request);
        await revokeSession(app.db, user.tokenHash, app.now());
        await recordSignInEvent(
          app.db,
          {
            userId: user.userId,
            companyId: user.companyId,
            action: 'signed_out',
            detail: { how: 'logout', count: 1 },
          },
          app.now(),
        );
        return ok(request, null);
      },
    );

    registerPasswordChange(app, { keys, limits, mailer });
  });
}

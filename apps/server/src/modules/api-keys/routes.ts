/** Reporting API key routes (issue 16 §1): list, create (the key shown once), revoke. */
import { apiKeyCreateBody, apiKeyCreated, apiKeyIdBody, apiKeyList } from '@portal/contracts/security.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answer, ok } from '../../lib/route-schema.ts';
import { declareCaller } from '../../plugins/route-callers.ts';
import { currentUser } from '../../plugins/session.ts';
import { createKey, listKeys, revokeKey } from './api-key-service.ts';

const security = [{ token: [] }];

export async function apiKeyRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // Every route of this group needs a session (api-contract §1): authenticated once, here.
  declareCaller(app, 'session');

  app.get(
    '/v1/account/api_keys',
    {
      schema: {
        tags: ['api keys'],
        summary: 'Live reporting API keys: the organisation’s for admins (67), one’s own for members (68)',
        security,
        response: { 200: answer(apiKeyList) },
      },
    },
    async (request) => ok(request, { list: await listKeys(app.db, currentUser(request)) }),
  );

  app.post(
    '/v1/account/api_keys',
    {
      schema: {
        tags: ['api keys'],
        summary: 'New read-only reporting API key of the caller; `key` is shown only in this answer',
        description:
          'Use it as `Authorization: Bearer <key>` on GET /v1/report/list/*, /v1/report/export/* and ' +
          '/gx/report/list. It sees exactly what its creator sees at the time of each call.',
        security,
        body: apiKeyCreateBody,
        response: { 200: answer(apiKeyCreated) },
      },
    },
    async (request) =>
      ok(request, await createKey(app.db, currentUser(request), request.body.name, app.now())),
  );

  app.delete(
    '/v1/account/api_keys',
    {
      schema: {
        tags: ['api keys'],
        summary: 'Revoke a key (admins: any of the organisation; members: their own); it stops at once',
        security,
        body: apiKeyIdBody,
        response: { 200: answer(z.null()) },
      },
    },
    async (request) => {
      await revokeKey(app.db, currentUser(request), request.body.id, app.now());
      return ok(request, null);
    },
  );
}

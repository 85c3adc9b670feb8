/** Reporting API key routes (issue 16 §1): list, create (the key shown once), revoke. */
import { endpoints } from '@portal/contracts/endpoints.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { ok } from '../../lib/route-schema.ts';
import { currentUser } from '../../plugins/session.ts';
import { createKey, listKeys, revokeKey } from './api-key-service.ts';

export async function apiKeyRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  route(
    app,
    endpoints.security.apiKeys,
    {
      tags: ['api keys'],
      summary: 'Live reporting API keys: the organisation’s for admins (67), one’s own for members (68)',
    },
    async (request) => ok(request, { list: await listKeys(app.db, currentUser(request)) }),
  );

  route(
    app,
    endpoints.security.createApiKey,
    {
      tags: ['api keys'],
      summary: 'New read-only reporting API key of the caller; `key` is shown only in this answer',
      description:
        'Use it as `Authorization: Bearer <key>` on GET /v1/report/list/*, /v1/report/export/* and ' +
        '/gx/report/list. It sees exactly what its creator sees at the time of each call.',
    },
    async (request) =>
      ok(request, await createKey(app.db, currentUser(request), request.body.name, app.now())),
  );

  route(
    app,
    endpoints.security.revokeApiKey,
    {
      tags: ['api keys'],
      summary: 'Revoke a key (admins: any of the organisation; members: their own); it stops at once',
    },
    async (request) => {
      await revokeKey(app.db, currentUser(request), request.body.id, app.now());
      return ok(request, null);
    },
  );
}

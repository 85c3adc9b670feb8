/** `GET /v1/industry` (spec §7): the two-level categories in the caller's language. Seeds them on start. */
import { industry } from '@portal/contracts/apps.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLang } from '../../lib/request-lang.ts';
import { answer, ok } from '../../lib/route-schema.ts';
import { declareCaller } from '../../plugins/route-callers.ts';
import { listIndustries, seedIndustries } from './industry-service.ts';

export async function industryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Every route of this group needs a session (api-contract §1): authenticated once, here.
  declareCaller(app, 'session');
  await seedIndustries(app.db);

  app.get(
    '/v1/industry',
    {
      schema: {
        tags: ['apps'],
        summary: 'Industry categories (Google Play), two levels: parent_id −1 is the first level',
        security: [{ token: [] }],
        response: { 200: answer(z.array(industry)) },
      },
    },
    async (request) => ok(request, await listIndustries(app.db, requestLang(request))),
  );
}

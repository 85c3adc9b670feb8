/** `GET /v1/industry` (spec §7): the two-level categories in the caller's language. Seeds them on start. */
import { endpoints } from '@portal/contracts/endpoints.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { requestLang } from '../../lib/request-lang.ts';
import { ok } from '../../lib/route-schema.ts';
import { listIndustries, seedIndustries } from './industry-service.ts';

export async function industryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await seedIndustries(app.db);

  route(
    app,
    endpoints.catalogue.industries,
    {
      tags: ['apps'],
      summary: 'Industry categories (Google Play), two levels: parent_id −1 is the first level',
    },
    async (request) => ok(request, await listIndustries(app.db, requestLang(request))),
  );
}

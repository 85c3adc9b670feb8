/** Public common routes (spec §7 Other): `GET /common/country`. No session needed. */
import { endpoints } from '@portal/contracts/endpoints.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { requestLang } from '../../lib/request-lang.ts';
import { ok } from '../../lib/route-schema.ts';
import { countryList } from './countries.ts';

export async function commonRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  route(
    app,
    endpoints.catalogue.countries,
    {
      tags: ['common'],
      summary: 'ISO 3166-1 countries, names in the caller language (Accept-Language zh or en)',
    },
    async (request) => ok(request, countryList(requestLang(request))),
  );
}

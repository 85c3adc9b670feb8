/** Public common routes (spec §7 Other): `GET /common/country`. No session needed. */
import { country } from '@portal/contracts/reports.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLang } from '../../lib/request-lang.ts';
import { answer, ok } from '../../lib/route-schema.ts';
import { declareCaller } from '../../plugins/route-callers.ts';
import { countryList } from './countries.ts';

export async function commonRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  declareCaller(fastify, 'public');
  app.get(
    '/common/country',
    {
      schema: {
        tags: ['common'],
        summary: 'ISO 3166-1 countries, names in the caller language (Accept-Language zh or en)',
        response: { 200: answer(z.array(country)) },
      },
    },
    async (request) => ok(request, countryList(requestLang(request))),
  );
}

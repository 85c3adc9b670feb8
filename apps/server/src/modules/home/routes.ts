/** `GET /v1/home` (issue 27 item 5; contracts home.ts): the signed-in publisher's home. */
import { endpoints } from '@portal/contracts/endpoints.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { ok } from '../../lib/route-schema.ts';
import { homeOf } from './home-service.ts';

export async function homeRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  route(
    app,
    endpoints.home.overview,
    {
      tags: ['home'],
      summary: 'Estimated earnings by period, the top 5 apps this month and the setup checklist',
      description:
        'Every figure equals the SDK report (`/v1/report/list/sdk`, `revenue`) for the same dates, in the ' +
        "caller's scope and time zone; `today` is today so far. `cards` has a `kind` per card: skip " +
        'unknown kinds.',
    },
    async (request, reply) => ok(request, await homeOf(app, request, reply)),
  );
}

/** `GET /v1/home` (issue 27 item 5; contracts home.ts): the signed-in publisher's home. */
import { homeData } from '@portal/contracts/home.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answer, ok } from '../../lib/route-schema.ts';
import { homeOf } from './home-service.ts';

export async function homeRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', app.authenticate);
  app.get(
    '/v1/home',
    {
      schema: {
        tags: ['home'],
        summary: 'Estimated earnings by period, the top 5 apps this month and the setup checklist',
        description:
          'Every figure equals the SDK report (`/v1/report/list/sdk`, `revenue`) for the same dates, in the ' +
          "caller's scope and time zone; `today` is today so far. `cards` has a `kind` per card: skip " +
          'unknown kinds.',
        security: [{ token: [] }],
        response: { 200: answer(homeData) },
      },
    },
    async (request, reply) => ok(request, await homeOf(app, request, reply)),
  );
}

/**
 * Operations routes (role 70 only, 402 otherwise; contracts apps.ts "Operations"): publisher companies
 * and profit centres for the app dialog, the review queue, and the to-do outbox. Approving and
 * rejecting go through the status endpoints of apps and ad slots.
 */
import { endpoints } from '@portal/contracts/endpoints.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { requestLang } from '../../lib/request-lang.ts';
import { ok } from '../../lib/route-schema.ts';
import { currentUser } from '../../plugins/session.ts';
import { requireOps } from '../apps/access.ts';
import {
  badCooperationTypes,
  listCompanies,
  listProfitCenters,
  listTodo,
  parseNumberList,
  reviewQueue,
} from './ops-service.ts';

export async function opsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['operations'] };

  route(
    app,
    endpoints.ops.companies,
    { ...common, summary: 'Companies, e.g. is_publisher=1&cooperation_types=[1] for the app dialog' },
    async (request) => {
      requireOps(currentUser(request));
      const coop = parseNumberList(request.query.cooperation_types);
      if (coop === null) throw badCooperationTypes(requestLang(request));
      return ok(request, await listCompanies(app.db, request.query.is_publisher, coop));
    },
  );

  route(
    app,
    endpoints.ops.profitCenters,
    { ...common, summary: 'Active profit centres' },
    async (request) => {
      requireOps(currentUser(request));
      return ok(request, await listProfitCenters(app.db));
    },
  );

  route(
    app,
    endpoints.ops.review,
    { ...common, summary: 'Apps and ad slots under review' },
    async (request) => {
      requireOps(currentUser(request));
      return ok(request, await reviewQueue(app.db));
    },
  );

  route(
    app,
    endpoints.ops.todo,
    { ...common, summary: 'To-do notifications (undelivered by default)' },
    async (request) => {
      requireOps(currentUser(request));
      return ok(request, await listTodo(app.db, request.query));
    },
  );
}

/**
 * Operations routes (role 70 only, 402 otherwise; contracts apps.ts "Operations"): publisher companies
 * and profit centres for the app dialog, the review queue, and the to-do outbox. Approving and
 * rejecting go through the status endpoints of apps and ad slots.
 */
import {
  companyListQuery,
  profitCenter,
  publisherCompany,
  reviewQueue as reviewQueueSchema,
  todoListData,
  todoListQuery,
} from '@portal/contracts/apps.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLang } from '../../lib/request-lang.ts';
import { answer, ok } from '../../lib/route-schema.ts';
import { declareCaller } from '../../plugins/route-callers.ts';
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
  const common = { tags: ['operations'], security: [{ token: [] }] };
  // Every route of this group needs a session (api-contract §1): authenticated once, here.
  declareCaller(app, 'session');

  app.get(
    '/v1/ops/company/list',
    {
      schema: {
        ...common,
        summary: 'Companies, e.g. is_publisher=1&cooperation_types=[1] for the app dialog',
        querystring: companyListQuery,
        response: { 200: answer(z.array(publisherCompany)) },
      },
    },
    async (request) => {
      requireOps(currentUser(request));
      const coop = parseNumberList(request.query.cooperation_types);
      if (coop === null) throw badCooperationTypes(requestLang(request));
      return ok(request, await listCompanies(app.db, request.query.is_publisher, coop));
    },
  );

  app.get(
    '/v1/ops/profit_center',
    {
      schema: {
        ...common,
        summary: 'Active profit centres',
        response: { 200: answer(z.array(profitCenter)) },
      },
    },
    async (request) => {
      requireOps(currentUser(request));
      return ok(request, await listProfitCenters(app.db));
    },
  );

  app.get(
    '/v1/ops/review',
    {
      schema: {
        ...common,
        summary: 'Apps and ad slots under review',
        response: { 200: answer(reviewQueueSchema) },
      },
    },
    async (request) => {
      requireOps(currentUser(request));
      return ok(request, await reviewQueue(app.db));
    },
  );

  app.get(
    '/v1/ops/todo',
    {
      schema: {
        ...common,
        summary: 'To-do notifications (undelivered by default)',
        querystring: todoListQuery,
        response: { 200: answer(todoListData) },
      },
    },
    async (request) => {
      requireOps(currentUser(request));
      return ok(request, await listTodo(app.db, request.query));
    },
  );
}

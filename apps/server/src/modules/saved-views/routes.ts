/** Saved report view routes (issue 13 item 7; contracts report-views.ts, rules in view-service.ts). */
import {
  idParams,
  savedView,
  savedViewBody,
  savedViewList,
  savedViewListQuery,
} from '@portal/contracts/report-views.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answer, ok } from '../../lib/route-schema.ts';
import { declareCaller } from '../../plugins/route-callers.ts';
import { currentUser } from '../../plugins/session.ts';
import { createView, deleteView, listViews, updateView } from './view-service.ts';

const security = [{ token: [] }];
const tags = ['report views'];

export async function savedViewRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // Every route of this group needs a session (api-contract §1): authenticated once, here.
  declareCaller(app, 'session');

  app.get(
    '/v1/report/views',
    {
      schema: {
        tags,
        summary: "Saved views of a report kind: the caller's own and those shared in its organisation",
        security,
        querystring: savedViewListQuery,
        response: { 200: answer(savedViewList) },
      },
    },
    async (request) => ok(request, { list: await listViews(app, currentUser(request), request.query.kind) }),
  );

  app.post(
    '/v1/report/views',
    {
      schema: {
        tags,
        summary: 'Save the current report (kind and its wire query) under a name, private or shared',
        security,
        body: savedViewBody,
        response: { 200: answer(savedView) },
      },
    },
    async (request) => ok(request, await createView(app, currentUser(request), request.body, app.now())),
  );

  app.put(
    '/v1/report/views/:id',
    {
      schema: {
        tags,
        summary: "Replace one of the caller's own views (10008 for another's)",
        security,
        params: idParams,
        body: savedViewBody,
        response: { 200: answer(savedView) },
      },
    },
    async (request) =>
      ok(request, await updateView(app, currentUser(request), request.params.id, request.body, app.now())),
  );

  app.delete(
    '/v1/report/views/:id',
    {
      schema: {
        tags,
        summary: "Delete one of the caller's own views and its schedules (10008 for another's)",
        security,
        params: idParams,
        response: { 200: answer(z.null()) },
      },
    },
    async (request) => {
      await deleteView(app.db, currentUser(request), request.params.id);
      return ok(request, null);
    },
  );
}

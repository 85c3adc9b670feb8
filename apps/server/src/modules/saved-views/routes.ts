/** Saved report view routes (issue 13 item 7; contracts report-views.ts, rules in view-service.ts). */
import { endpoints } from '@portal/contracts/endpoints.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { ok } from '../../lib/route-schema.ts';
import { currentUser } from '../../plugins/session.ts';
import { createView, deleteView, listViews, updateView } from './view-service.ts';

const tags = ['report views'];

export async function savedViewRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  route(
    app,
    endpoints.reportViews.list,
    { tags, summary: "Saved views of a report kind: the caller's own and those shared in its organisation" },
    async (request) => ok(request, { list: await listViews(app, currentUser(request), request.query.kind) }),
  );

  route(
    app,
    endpoints.reportViews.create,
    { tags, summary: 'Save the current report (kind and its wire query) under a name, private or shared' },
    async (request) => ok(request, await createView(app, currentUser(request), request.body, app.now())),
  );

  route(
    app,
    endpoints.reportViews.update,
    { tags, summary: "Replace one of the caller's own views (10008 for another's)" },
    async (request) =>
      ok(request, await updateView(app, currentUser(request), request.params.id, request.body, app.now())),
  );

  route(
    app,
    endpoints.reportViews.remove,
    { tags, summary: "Delete one of the caller's own views and its schedules (10008 for another's)" },
    async (request) => {
      await deleteView(app.db, currentUser(request), request.params.id);
      return ok(request, null);
    },
  );
}

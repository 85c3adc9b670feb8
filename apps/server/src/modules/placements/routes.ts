/** Ad slot routes (spec §7 Ad slots; contracts placements.ts). Thin: the work is in placement-service.ts and placement-status.ts. */
import { PublisherType } from '@portal/contracts/constants.ts';
import { endpoints } from '@portal/contracts/endpoints.ts';
import {
  adStyleName,
  contentTypeName,
  contentTypesByStyle,
  exclusiveContentTypes,
} from '@portal/contracts/placements.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { requestLang } from '../../lib/request-lang.ts';
import { ok } from '../../lib/route-schema.ts';
import { currentUser } from '../../plugins/session.ts';
import { requireManager } from '../apps/access.ts';
import { placementIntegration } from './integration.ts';
import {
  createPlacement,
  getPlacement,
  listPlacements,
  placementNameExists,
  updatePlacement,
} from './placement-service.ts';
import { changePlacementStatus, deletePlacement } from './placement-status.ts';

export async function placementRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['ad slots'] };

  route(app, endpoints.placements.list, { ...common, summary: 'One page of ad slots' }, async (request) =>
    ok(request, await listPlacements(app.db, requireManager(currentUser(request)), request.query)),
  );

  route(
    app,
    endpoints.placements.nameExists,
    {
      ...common,
      summary: "Is the ad slot name taken (within app_id, the edited slot's app, or the organisation)",
    },
    async (request) => {
      const m = requireManager(currentUser(request));
      const { app_id, adpos_name, adpos_id } = request.query;
      return ok(request, {
        exist: await placementNameExists(app.db, m, adpos_name, { appId: app_id, exceptId: adpos_id }),
      });
    },
  );

  route(
    app,
    endpoints.placements.types,
    { ...common, summary: 'Ad styles and their content types (publisher_type 1 SDK)' },
    async (request) => {
      requireManager(currentUser(request));
      const lang = requestLang(request);
      if (request.query.publisher_type !== PublisherType.SDK) return ok(request, []);
      return ok(
        request,
        Object.entries(contentTypesByStyle).map(([style, types]) => ({
          ad_style: Number(style),
          name: adStyleName[Number(style)]?.[lang] ?? style,
          content_types: types.map((t) => ({ value: t, name: contentTypeName[t]?.[lang] ?? String(t) })),
          exclusive: exclusiveContentTypes[Number(style)] ?? [],
        })),
      );
    },
  );

  route(
    app,
    endpoints.placements.create,
    { ...common, summary: 'Create an ad slot (under review)' },
    async (request) => {
      const m = requireManager(currentUser(request));
      return ok(request, await createPlacement(app.db, m, request.body, requestLang(request), app.now()));
    },
  );

  route(
    app,
    endpoints.placements.update,
    { ...common, summary: 'Save an ad slot (app and ad style fixed)' },
    async (request) => {
      const m = requireManager(currentUser(request));
      return ok(request, await updatePlacement(app.db, m, request.body, requestLang(request), app.now()));
    },
  );

  route(
    app,
    endpoints.placements.remove,
    { ...common, summary: 'Delete an ad slot (status −1, to-do action 4)' },
    async (request) => {
      await deletePlacement(app.db, requireManager(currentUser(request)), request.body.id, app.now());
      return ok(request, null);
    },
  );

  route(
    app,
    endpoints.placements.setStatus,
    {
      ...common,
      summary: 'Change the status (id = adpos_id): 2 ↔ 3; operations also 1 → 2 or 1 → 4 (with a reason)',
    },
    async (request) => {
      const m = requireManager(currentUser(request));
      const { id, audit_status, reason } = request.body;
      await changePlacementStatus(
        app.db,
        m,
        { id, to: audit_status, reason },
        app.now(),
        requestLang(request),
      );
      return ok(request, await getPlacement(app.db, m, request.body.id));
    },
  );

  route(
    app,
    endpoints.placements.integration,
    {
      ...common,
      summary: 'Integration panel of an ad slot: IDs, SDK version and guide, pending steps',
      description:
        '`app.app_key` is null until the app is approved; `pending` lists what still keeps the slot ' +
        'from live ads (app_review, app_rejected, app_frozen, placement_review, placement_rejected, ' +
        'placement_frozen). Test devices get test ads already.',
    },
    async (request) =>
      ok(
        request,
        await placementIntegration(
          app.db,
          requireManager(currentUser(request)),
          request.query.adpos_id,
          app.config.goLive,
        ),
      ),
  );
}

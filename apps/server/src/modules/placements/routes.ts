/** Ad slot routes (spec §7 Ad slots; contracts placements.ts). Thin: the work is in placement-service.ts and placement-status.ts. */

import { existData, statusBody } from '@portal/contracts/apps.ts';
import { PublisherType } from '@portal/contracts/constants.ts';
import { integrationData, integrationQuery } from '@portal/contracts/integration.ts';
import {
  adStyleInfo,
  adStyleName,
  contentTypeName,
  contentTypesByStyle,
  exclusiveContentTypes,
  placementCreateBody,
  placementDeleteBody,
  placementItem,
  placementListData,
  placementListQuery,
  placementNameExistQuery,
  placementTypeQuery,
  placementUpdateBody,
} from '@portal/contracts/placements.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLang } from '../../lib/request-lang.ts';
import { answer, ok } from '../../lib/route-schema.ts';
import { declareCaller } from '../../plugins/route-callers.ts';
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
  const common = { tags: ['ad slots'], security: [{ token: [] }] };
  // Every route of this group needs a session (api-contract §1): authenticated once, here.
  declareCaller(app, 'session');

  app.get(
    '/v1/adpos',
    {
      schema: {
        ...common,
        summary: 'One page of ad slots',
        querystring: placementListQuery,
        response: { 200: answer(placementListData) },
      },
    },
    async (request) =>
      ok(request, await listPlacements(app.db, requireManager(currentUser(request)), request.query)),
  );

  app.get(
    '/v1/adpos/name_exist',
    {
      schema: {
        ...common,
        summary: "Is the ad slot name taken (within app_id, the edited slot's app, or the organisation)",
        querystring: placementNameExistQuery,
        response: { 200: answer(existData) },
      },
    },
    async (request) => {
      const m = requireManager(currentUser(request));
      const { app_id, adpos_name, adpos_id } = request.query;
      return ok(request, {
        exist: await placementNameExists(app.db, m, adpos_name, { appId: app_id, exceptId: adpos_id }),
      });
    },
  );

  app.get(
    '/v1/adpos/type',
    {
      schema: {
        ...common,
        summary: 'Ad styles and their content types (publisher_type 1 SDK)',
        querystring: placementTypeQuery,
        response: { 200: answer(z.array(adStyleInfo)) },
      },
    },
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

  app.post(
    '/v1/adpos',
    {
      schema: {
        ...common,
        summary: 'Create an ad slot (under review)',
        body: placementCreateBody,
        response: { 200: answer(placementItem) },
      },
    },
    async (request) => {
      const m = requireManager(currentUser(request));
      return ok(request, await createPlacement(app.db, m, request.body, requestLang(request), app.now()));
    },
  );

  app.put(
    '/v1/adpos',
    {
      schema: {
        ...common,
        summary: 'Save an ad slot (app and ad style fixed)',
        body: placementUpdateBody,
        response: { 200: answer(placementItem) },
      },
    },
    async (request) => {
      const m = requireManager(currentUser(request));
      return ok(request, await updatePlacement(app.db, m, request.body, requestLang(request), app.now()));
    },
  );

  app.delete(
    '/v1/adpos',
    {
      schema: {
        ...common,
        summary: 'Delete an ad slot (status −1, to-do action 4)',
        body: placementDeleteBody,
        response: { 200: answer(z.null()) },
      },
    },
    async (request) => {
      await deletePlacement(app.db, requireManager(currentUser(request)), request.body.id, app.now());
      return ok(request, null);
    },
  );

  app.put(
    '/v1/adpos/status',
    {
      schema: {
        ...common,
        summary: 'Change the status (id = adpos_id): 2 ↔ 3; operations also 1 → 2 or 1 → 4 (with a reason)',
        body: statusBody,
        response: { 200: answer(placementItem) },
      },
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

  app.get(
    '/v1/adpos/integration',
    {
      schema: {
        ...common,
        summary: 'Integration panel of an ad slot: IDs, SDK version and guide, pending steps',
        description:
          '`app.app_key` is null until the app is approved; `pending` lists what still keeps the slot ' +
          'from live ads (app_review, app_rejected, app_frozen, placement_review, placement_rejected, ' +
          'placement_frozen). Test devices get test ads already.',
        querystring: integrationQuery,
        response: { 200: answer(integrationData) },
      },
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

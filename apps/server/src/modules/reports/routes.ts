/**
 * Report routes (spec §7 Reports, api-contract §8): every kind's routes (kind-routes.ts), the column
 * catalogues, and the caller's channel options. All need a session; scope is computed per request (modules/permission/scope.ts).
 */
import { DataPermissionType, PublisherType } from '@portal/contracts/constants.ts';
import { endpoints } from '@portal/contracts/endpoints.ts';
import { reportCatalogues } from '@portal/contracts/reports-kinds.ts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { requestLang } from '../../lib/request-lang.ts';
import { ok } from '../../lib/route-schema.ts';
import { currentUser } from '../../plugins/session.ts';
import { affiliateFacts, rtbFacts } from '../../reports/fact-tables.ts';
import { callerChannelScope, callerSdkScope, visibleSdkApps } from '../permission/scope.ts';
import { kindRoutes } from './kind-routes.ts';
import { guardedRead } from './report-guard.ts';
import { trendRoutes } from './trend-routes.ts';

export async function reportRoutes(fastify: FastifyInstance) {
  // Lists and exports take a reporting API key or a session (caller `report`, api-key-auth.ts); the
  // trend, the column catalogues and the channel options a session (endpoints/reports.ts).
  await fastify.register(async (scope) => {
    await kindRoutes(scope);
  });
  await fastify.register(async (scope) => {
    await trendRoutes(scope);
    await optionRoutes(scope);
  });
}

/** Registers the column catalogues and the channel options on a scope that authenticates the session. */
async function optionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  route(
    app,
    endpoints.reports.statColumns,
    {
      tags: ['reports'],
      summary: "A report kind's columns (sdk, rtb, affiliate, game, gx), titles in the caller language",
    },
    async (request) => {
      currentUser(request);
      const lang = requestLang(request);
      return ok(
        request,
        reportCatalogues[request.params.kind].map((c) => ({ ...c, title: c.title[lang] })),
      );
    },
  );

  route(
    app,
    endpoints.reports.channels,
    {
      tags: ['reports'],
      summary:
        'Channel options of the report filters: visible SDK apps (1), RTB networks (2), affiliate channels (3)',
    },
    async (request, reply) => {
      const user = currentUser(request);
      const type = request.query.publisher_type;
      if (type !== PublisherType.SDK) {
        const scope = await callerChannelScope(
          app,
          user,
          type === PublisherType.RTB ? DataPermissionType.RTB : DataPermissionType.AFFILIATE,
        );
        const names = scope.all ? await allChannels(app, reply, type) : scope.channels;
        return ok(
          request,
          names.map((name) => ({ app_name: name, name, value: name })),
        );
      }
      const scope = await callerSdkScope(app, user);
      const apps = await visibleSdkApps(app.db, scope);
      return ok(
        request,
        apps.map((a) => ({ ...a, name: a.app_name, value: a.app_key })),
      );
    },
  );
}

/** Every channel of the network with facts for operations staff: distinct names in the fact table. */
async function allChannels(app: FastifyInstance, reply: FastifyReply, type: number): Promise<string[]> {
  const table = type === PublisherType.RTB ? rtbFacts.daily : affiliateFacts.affiliate_2024.daily;
  // Network-wide, but over the small channel rollups: the light lane, with the time limit.
  const rows = await guardedRead(app, reply, 'light', (store) =>
    store.query(`SELECT DISTINCT channel FROM ${table} ORDER BY channel`),
  );
  return rows.map((r) => String(r.channel));
}

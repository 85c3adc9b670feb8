/**
 * Report routes (spec §7 Reports, api-contract §8): every kind's routes (kind-routes.ts), the column
 * catalogues, and the caller's channel options. All need a session; scope is computed per request (modules/permission/scope.ts).
 */
import { DataPermissionType, PublisherType } from '@portal/contracts/constants.ts';
import { channel, channelsQuery, statColumn } from '@portal/contracts/reports.ts';
import { reportCatalogues, reportKinds } from '@portal/contracts/reports-kinds.ts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLang } from '../../lib/request-lang.ts';
import { answer, ok } from '../../lib/route-schema.ts';
import { declareCaller } from '../../plugins/route-callers.ts';
import { currentUser } from '../../plugins/session.ts';
import { affiliateFacts, rtbFacts } from '../../reports/fact-tables.ts';
import { callerChannelScope, callerSdkScope, visibleSdkApps } from '../permission/scope.ts';
import { kindRoutes } from './kind-routes.ts';
import { guardedRead } from './report-guard.ts';
import { trendRoutes } from './trend-routes.ts';

const security = [{ token: [] }];

export async function reportRoutes(fastify: FastifyInstance) {
  // Each group is authenticated once, in its own scope, before any route of it runs:
  // lists and exports take a reporting API key or a session (api-key-auth.ts) ...
  await fastify.register(async (scope) => {
    declareCaller(scope, 'report');
    await kindRoutes(scope);
  });
  // ... and the trend, the column catalogues and the channel options a session (api-contract §1).
  await fastify.register(async (scope) => {
    declareCaller(scope, 'session');
    await trendRoutes(scope);
    await optionRoutes(scope);
  });
}

/** Registers the column catalogues and the channel options on a scope that authenticates the session. */
async function optionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/report/stat_column/:kind',
    {
      schema: {
        tags: ['reports'],
        summary: "A report kind's columns (sdk, rtb, affiliate, game, gx), titles in the caller language",
        security,
        params: z.object({ kind: z.enum(reportKinds) }),
        response: { 200: answer(z.array(statColumn)) },
      },
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

  app.get(
    '/v1/user/channels',
    {
      schema: {
        tags: ['reports'],
        summary:
          'Channel options of the report filters: visible SDK apps (1), RTB networks (2), affiliate channels (3)',
        security,
        querystring: channelsQuery,
        response: { 200: answer(z.array(channel)) },
      },
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

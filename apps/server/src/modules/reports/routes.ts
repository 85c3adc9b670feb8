/**
 * Report routes (spec §7 Reports, api-contract §8): SDK column catalogue, SDK list, and the caller's
 * channel options. All need a session; scope is computed per request (modules/permission/scope.ts).
 */
import { yesterdayIn } from '@portal/contracts/report-dates.ts';
import {
  channel,
  channelsQuery,
  reportListData,
  sdkCatalogue,
  sdkListQuery,
  statColumn,
} from '@portal/contracts/reports.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answer, ok } from '../../lib/route-schema.ts';
import { requestLang } from '../../plugins/error-handler.ts';
import { currentUser } from '../../plugins/session.ts';
import { sdkAppKeyScope, visibleSdkApps } from '../permission/scope.ts';
import { parseSdkListQuery } from './sdk-params.ts';
import { sdkReportList } from './sdk-service.ts';

const security = [{ token: [] }];

export async function reportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/report/stat_column/sdk',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['reports'],
        summary: 'SDK report columns, titles in the caller language',
        security,
        response: { 200: answer(z.array(statColumn)) },
      },
    },
    async (request) => {
      currentUser(request);
      const lang = requestLang(request);
      return ok(
        request,
        sdkCatalogue.map((c) => ({ ...c, title: c.title[lang] })),
      );
    },
  );

  app.get(
    '/v1/report/list/sdk',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['reports'],
        summary: 'SDK report: one page of grouped rows, their count and the totals row',
        description:
          'Rows grouped by the dimensions among `fields`; rates are ratios of sums. Default order dt desc, ' +
          'then hour desc; an `order` on a field that is not selected is ignored. `app_key` is ' +
          'intersected with what the caller may see.',
        security,
        querystring: sdkListQuery,
        response: { 200: answer(reportListData) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const lang = requestLang(request);
      const parsed = parseSdkListQuery(
        request.query,
        lang,
        yesterdayIn(app.now(), app.config.reportTimezone),
      );
      const scope = await sdkAppKeyScope(app.db, user);
      return ok(request, await sdkReportList(app, parsed, scope));
    },
  );

  app.get(
    '/v1/user/channels',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['reports'],
        summary: 'Channel options of the report filters: visible SDK apps for publisher_type 1',
        security,
        querystring: channelsQuery,
        response: { 200: answer(z.array(channel)) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const scope = await sdkAppKeyScope(app.db, user);
      if (request.query.publisher_type !== 1) return ok(request, []);
      const apps = await visibleSdkApps(app.db, scope);
      return ok(
        request,
        apps.map((a) => ({ ...a, name: a.app_name, value: a.app_key })),
      );
    },
  );
}

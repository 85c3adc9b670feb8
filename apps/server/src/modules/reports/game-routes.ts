/**
 * The game centre report (spec §7 `/v1/report/list/game/sdk*`, contracts reports-game.ts): list (apps
 * as { app_name, pkg_name }), export (apps by name) and the apps of its filter, within the caller's
 * SDK app scope.
 */
import { endpoints } from '@portal/contracts/endpoints.ts';
import type { GameListData } from '@portal/contracts/reports-game.ts';
import { reportCatalogues } from '@portal/contracts/reports-kinds.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { ok } from '../../lib/route-schema.ts';
import { typedColumns } from '../../reports/export/export-labels.ts';
import { callerSdkScope, visibleSdkApps } from '../permission/scope.ts';
import { dataUntil } from './data-until.ts';
import { kindRuns } from './kind-runs.ts';
import {
  catalogueTitle,
  compareOf,
  exportFileName,
  gameAppColumn,
  gameApps,
  reportContext,
} from './report-context.ts';
import { exportColumns, runList, sendExport } from './report-service.ts';

/** Registers `/v1/report/list/game/sdk`, its `/export` and its `/app` options (scope: `authenticateReport`). */
export async function gameRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  route(
    app,
    endpoints.reports.gameList,
    { tags: ['reports'], summary: 'Game centre report' },
    async (request, reply) => {
      const c = await reportContext(app, request, 'game');
      const r = await kindRuns.game.list.resolveParsed(c, request.query);
      const [data, until] = await Promise.all([
        runList<GameListData>(app, reply, r.def, r.query, gameApps(app), compareOf('game', r)),
        dataUntil(app, reply, r.def, c.yesterday),
      ]);
      return ok(request, until ? { ...data, data_until: until } : data);
    },
  );
  route(
    app,
    endpoints.reports.gameExport,
    { tags: ['reports'], summary: 'Game centre report export' },
    async (request, reply) => {
      const c = await reportContext(app, request, 'game');
      const exported = kindRuns.game.export;
      if (!exported) throw new Error('the game report declares no export');
      const r = await exported.resolveParsed(c, request.query);
      return sendExport(app, reply, {
        def: r.def,
        query: r.query,
        columns: typedColumns(
          exportColumns(r.shown, r.sent, request.query.titles, catalogueTitle(reportCatalogues.game, c.lang)),
          reportCatalogues.game,
          c.lang,
        ),
        format: request.query.format,
        name: exportFileName('game', r, c.lang),
        decorate: gameAppColumn(app),
      });
    },
  );
  route(
    app,
    endpoints.reports.gameApps,
    { tags: ['reports'], summary: 'Apps of the game report filter' },
    async (request) => {
      const c = await reportContext(app, request, 'game');
      const apps = await visibleSdkApps(app.db, await callerSdkScope(app, c.user));
      return ok(
        request,
        apps.map((a) => ({ app_name: a.app_name, pkg_name: a.package_name })),
      );
    },
  );
}

/**
 * Routes of every report kind beyond the SDK list (spec §7, api-contract §8, contracts
 * reports-kinds.ts): lists, exports (XLSX/CSV streams), trends, Reject Detail, game centre and app
 * report. Each handler first checks the report is permitted (permission/report-access.ts, the menu's
 * rule: 601 pending, 402 not permitted), then resolves the kind's query within the caller's scope.
 */
import type { Lang } from '@portal/contracts/codes.ts';
import { yesterdayIn } from '@portal/contracts/report-dates.ts';
import { type CatalogueField, reportListData, sdkListQuery } from '@portal/contracts/reports.ts';
import {
  affiliateExportQuery,
  affiliateListQuery,
  affiliateRejectExportQuery,
  affiliateRejectQuery,
  rejectCatalogue,
  rejectListData,
} from '@portal/contracts/reports-affiliate.ts';
import { gameApp, gameExportQuery, gameListData, gameListQuery } from '@portal/contracts/reports-game.ts';
import { gxListQuery } from '@portal/contracts/reports-gx.ts';
import {
  exportFileNames,
  type ReportKind,
  reportCatalogues,
  sdkExportQuery,
  trendData,
  trendParams,
} from '@portal/contracts/reports-kinds.ts';
import { rtbExportQuery, rtbListQuery } from '@portal/contracts/reports-rtb.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paramError } from '../../lib/app-error.ts';
import { answer, ok } from '../../lib/route-schema.ts';
import { requestLang } from '../../plugins/error-handler.ts';
import { currentUser } from '../../plugins/session.ts';
import { requireReport } from '../permission/report-access.ts';
import { appNames, sdkAppKeyScope, visibleSdkApps } from '../permission/scope.ts';
import {
  type Ctx,
  type Resolved,
  resolveAffiliate,
  resolveGame,
  resolveGx,
  resolveReject,
  resolveRtb,
  resolveSdk,
} from './kind-queries.ts';
import { ParamErrors, parseMetric } from './list-params.ts';
import { type Decorate, exportColumns, runList, runTrend, sendExport } from './report-service.ts';

const security = [{ token: [] }];

export async function kindRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  async function ctx(request: FastifyRequest, kind: ReportKind): Promise<Ctx> {
    const user = currentUser(request);
    await requireReport(app, user, kind);
    return {
      app,
      user,
      lang: requestLang(request),
      yesterday: yesterdayIn(app.now(), app.config.reportTimezone),
    };
  }
  const title = (catalogue: CatalogueField[], lang: Lang) => (field: string) =>
    field === 'app_name'
      ? lang === 'zh'
        ? '应用名称'
        : 'App name'
      : (catalogue.find((c) => c.field === field)?.title[lang] ?? field);

  /** app_name beside app_key (SDK rows). */
  const sdkNames: Decorate = async (rows) => {
    if (!rows.length || !('app_key' in (rows[0] ?? {}))) return;
    const names = await appNames(
      app.db,
      rows.map((r) => String(r.app_key)),
    );
    for (const r of rows) r.app_name = names.get(String(r.app_key)) ?? null;
  };
  /** Game `app` as { app_name, pkg_name } (list) or the app name (export). */
  const gameApps =
    (asObject: boolean): Decorate =>
    async (rows) => {
      if (!rows.length || !('app' in (rows[0] ?? {}))) return;
      const byPkg = await appNamesByPackage(rows.map((r) => String(r.app)));
      for (const r of rows) {
        const pkg = String(r.app);
        const name = byPkg.get(pkg) ?? pkg;
        (r as Record<string, unknown>).app = asObject ? { app_name: name, pkg_name: pkg } : name;
      }
    };
  async function appNamesByPackage(pkgs: string[]) {
    const apps = await visibleSdkApps(app.db, { all: true });
    const wanted = new Set(pkgs);
    return new Map(apps.filter((a) => wanted.has(a.package_name)).map((a) => [a.package_name, a.app_name]));
  }

  function fileName(kind: keyof typeof exportFileNames, r: Resolved, lang: Lang) {
    const span = `${r.query.start}-${r.query.end}`;
    return { utf8: `${exportFileNames[kind][lang]}_${span}`, ascii: `${exportFileNames[kind].en}_${span}` };
  }
  const exportShown = (r: Resolved, sdk = false) =>
    sdk ? r.shown.flatMap((f) => (f === 'app_key' ? ['app_key', 'app_name'] : [f])) : r.shown;

  // Lists of the kinds that share the /v1/report/list/{kind} shape.
  const lists = [
    { kind: 'rtb' as const, schema: rtbListQuery, resolve: resolveRtb },
    { kind: 'affiliate' as const, schema: affiliateListQuery, resolve: resolveAffiliate },
  ];
  for (const k of lists) {
    app.get(
      `/v1/report/list/${k.kind}`,
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['reports'],
          summary: `${k.kind} report list`,
          security,
          querystring: k.schema,
          response: { 200: answer(reportListData) },
        },
      },
      async (request) => {
        const c = await ctx(request, k.kind);
        const r = await k.resolve(c, request.query as never);
        return ok(request, await runList(app, r.def, r.query));
      },
    );
  }

  const exportsOf = [
    { kind: 'sdk' as const, schema: sdkExportQuery, resolve: resolveSdk, sdk: true },
    { kind: 'rtb' as const, schema: rtbExportQuery, resolve: resolveRtb, sdk: false },
    { kind: 'affiliate' as const, schema: affiliateExportQuery, resolve: resolveAffiliate, sdk: false },
  ];
  for (const k of exportsOf) {
    app.get(
      `/v1/report/export/${k.kind}`,
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['reports'],
          summary: `${k.kind} report export (XLSX or CSV stream, every row)`,
          security,
          querystring: k.schema,
        },
      },
      async (request, reply) => {
        const c = await ctx(request, k.kind);
        const q = request.query as { titles?: string; format: 'xlsx' | 'csv' };
        const r = await k.resolve(c, { ...q, page_index: 1, page_size: 1 } as never);
        const fields = exportShown(r, k.sdk);
        return sendExport(app, reply, {
          def: r.def,
          query: r.query,
          columns: exportColumns(fields, q.titles, title(reportCatalogues[k.kind], c.lang)),
          format: q.format,
          name: fileName(k.kind, r, c.lang),
          decorate: k.sdk ? sdkNames : undefined,
        });
      },
    );
  }

  app.get(
    '/v1/report/list/affiliate/reject',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['reports'],
        summary: 'Reject Detail of an affiliate row',
        security,
        querystring: affiliateRejectQuery,
        response: { 200: answer(rejectListData) },
      },
    },
    async (request) => {
      const r = await resolveReject(await ctx(request, 'affiliate'), request.query);
      const { list, total } = await runList(app, r.def, r.query);
      const rows = list.map((x) => ({
        reject_reason: String(x.reject_reason),
        reject_num: Number(x.reject_num),
      }));
      return ok(request, {
        list: rows,
        count: rows.length,
        total: { reject_num: Number(total.reject_num ?? 0) },
      });
    },
  );
  app.get(
    '/v1/report/export/affiliate/reject',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['reports'],
        summary: 'Reject Detail export',
        security,
        querystring: affiliateRejectExportQuery,
      },
    },
    async (request, reply) => {
      const c = await ctx(request, 'affiliate');
      const r = await resolveReject(c, request.query);
      return sendExport(app, reply, {
        def: r.def,
        query: r.query,
        columns: exportColumns(r.shown, request.query.titles, title(rejectCatalogue, c.lang)),
        format: request.query.format,
        name: fileName('affiliate_reject', r, c.lang),
      });
    },
  );

  app.get(
    '/v1/report/list/game/sdk',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['reports'],
        summary: 'Game centre report',
        security,
        querystring: gameListQuery,
        response: { 200: answer(gameListData) },
      },
    },
    async (request) => {
      const r = await resolveGame(await ctx(request, 'game'), request.query);
      return ok(request, (await runList(app, r.def, r.query, gameApps(true))) as never);
    },
  );
  app.get(
    '/v1/report/list/game/sdk/export',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['reports'],
        summary: 'Game centre report export',
        security,
        querystring: gameExportQuery,
      },
    },
    async (request, reply) => {
      const c = await ctx(request, 'game');
      const r = await resolveGame(c, { ...request.query, page_no: 1, page_size: 1 });
      return sendExport(app, reply, {
        def: r.def,
        query: r.query,
        columns: exportColumns(r.shown, request.query.titles, title(reportCatalogues.game, c.lang)),
        format: request.query.format,
        name: fileName('game', r, c.lang),
        decorate: gameApps(false),
      });
    },
  );
  app.get(
    '/v1/report/list/game/sdk/app',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['reports'],
        summary: 'Apps of the game report filter',
        security,
        response: { 200: answer(z.array(gameApp)) },
      },
    },
    async (request) => {
      const c = await ctx(request, 'game');
      const scope = await sdkAppKeyScope(app.db, c.user);
      const apps = await visibleSdkApps(app.db, scope);
      return ok(
        request,
        apps.map((a) => ({ app_name: a.app_name, pkg_name: a.package_name })),
      );
    },
  );

  app.get(
    '/gx/report/list',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['reports'],
        summary: 'App report (yyyy-MM-dd dates, page size 50)',
        security,
        querystring: gxListQuery,
        response: { 200: answer(reportListData) },
      },
    },
    async (request) => {
      const r = await resolveGx(await ctx(request, 'gx'), request.query);
      return ok(request, await runList(app, r.def, r.query));
    },
  );

  app.get(
    '/v1/report/trend/:kind',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['reports'],
        summary: "Per-day trend of one metric over the list's filters",
        security,
        params: z.object({ kind: z.enum(['sdk', 'rtb', 'affiliate', 'game', 'gx']) }),
        querystring: z.record(z.string(), z.string()),
        response: { 200: answer(trendData) },
      },
    },
    async (request) => {
      const { kind } = request.params;
      const c = await ctx(request, kind);
      const raw = request.query as Record<string, string>;
      const { metric } = trendParams.parse({ metric: raw.metric ?? '' });
      const r = await resolveTrend(c, kind, raw);
      const e = new ParamErrors(c.lang);
      parseMetric(e, metric, r.def);
      if (e.errors.length) throw paramError(e.errors);
      return ok(request, await runTrend(app, r.def, r.query, metric));
    },
  );
}

/** The kind's list query from raw parameters (schema defaults applied; bad shapes → 604). */
async function resolveTrend(c: Ctx, kind: ReportKind, raw: Record<string, string>): Promise<Resolved> {
  const parse = <T>(schema: z.ZodType<T>) => {
    const p = schema.safeParse(raw);
    if (!p.success)
      throw paramError(p.error.issues.map((i) => ({ field: String(i.path[0] ?? ''), message: i.message })));
    return p.data;
  };
  if (kind === 'sdk') return resolveSdk(c, parse(sdkListQuery));
  if (kind === 'rtb') return resolveRtb(c, parse(rtbListQuery));
  if (kind === 'affiliate') return resolveAffiliate(c, parse(affiliateListQuery));
  if (kind === 'game') return resolveGame(c, parse(gameListQuery));
  return resolveGx(c, parse(gxListQuery));
}

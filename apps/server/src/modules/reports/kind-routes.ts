/**
 * Report routes of every kind (spec §7, api-contract §8, contracts reports-kinds.ts). The lists that
 * share the `{ list, count, total }` shape (SDK, RTB, affiliate, app report) and the exports of the
 * same query (SDK, RTB, affiliate) are one table each; Reject Detail, the game centre and the trend
 * have their own files. Each handler first checks the report is permitted (report-context.ts), then
 * resolves the kind's query within the caller's scope (kind-queries.ts).
 */
import { reportListData, sdkListQuery } from '@portal/contracts/reports.ts';
import { affiliateExportQuery, affiliateListQuery } from '@portal/contracts/reports-affiliate.ts';
import { gxListQuery } from '@portal/contracts/reports-gx.ts';
import { type ReportKind, reportCatalogues, sdkExportQuery } from '@portal/contracts/reports-kinds.ts';
import { rtbExportQuery, rtbListQuery } from '@portal/contracts/reports-rtb.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { answer, ok } from '../../lib/route-schema.ts';
import { typedColumns } from '../../reports/export/export-labels.ts';
import { dataUntil } from './data-until.ts';
import { gameRoutes } from './game-routes.ts';
import {
  type Ctx,
  type Resolved,
  resolveAffiliate,
  resolveGx,
  resolveRtb,
  resolveSdk,
} from './kind-queries.ts';
import { rejectRoutes } from './reject-routes.ts';
import {
  catalogueTitle,
  exportFileName,
  reportContext,
  reportSecurity,
  sdkAppNames,
} from './report-context.ts';
import { exportColumns, runList, sendExport } from './report-service.ts';
import { trendRoutes } from './trend-routes.ts';

type KindRoute = {
  url: string;
  kind: ReportKind;
  schema: z.ZodType;
  resolve: (c: Ctx, q: never) => Promise<Resolved>;
  /** Rows carry `app_name` beside `app_key` (SDK and RTB, names from the accounts store). */
  appNames?: boolean;
  description?: string;
};

const lists: KindRoute[] = [
  {
    url: '/v1/report/list/sdk',
    kind: 'sdk',
    schema: sdkListQuery,
    resolve: resolveSdk,
    appNames: true,
    description:
      'Rows grouped by the dimensions among `fields`; rates are ratios of sums. Default order dt desc, ' +
      'then hour desc; an `order` on a field that is not selected is ignored. `app_key` is ' +
      'intersected with what the caller may see.',
  },
  {
    url: '/v1/report/list/rtb',
    kind: 'rtb',
    schema: rtbListQuery,
    resolve: resolveRtb,
    appNames: true,
    description:
      'Rows carry `app_name` beside `app_key` when `app_key` is shown (null for a key the accounts ' +
      'store does not know); names only of keys in the rows the caller may see.',
  },
  {
    url: '/v1/report/list/affiliate',
    kind: 'affiliate',
    schema: affiliateListQuery,
    resolve: resolveAffiliate,
  },
  {
    url: '/gx/report/list',
    kind: 'gx',
    schema: gxListQuery,
    resolve: resolveGx,
    description: 'App report: yyyy-MM-dd dates, page size 50.',
  },
];

const exportsOf: KindRoute[] = [
  {
    url: '/v1/report/export/sdk',
    kind: 'sdk',
    schema: sdkExportQuery,
    resolve: resolveSdk,
    appNames: true,
  },
  {
    url: '/v1/report/export/rtb',
    kind: 'rtb',
    schema: rtbExportQuery,
    resolve: resolveRtb,
    appNames: true,
  },
  {
    url: '/v1/report/export/affiliate',
    kind: 'affiliate',
    schema: affiliateExportQuery,
    resolve: resolveAffiliate,
  },
];

/** Whether an export query is New Affiliate's (`db_source=affiliate_2024`): its file has its own name. */
const newAffiliate = (q: unknown) => (q as { db_source?: string }).db_source === 'affiliate_2024';

/** Registers every report kind's list, export, Reject Detail, game centre and trend routes. */
export async function kindRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  for (const k of lists) {
    app.get(
      k.url,
      {
        preHandler: app.authenticateReport,
        schema: {
          tags: ['reports'],
          summary: `${k.kind} report: one page of grouped rows, their count and the totals row`,
          description: k.description,
          security: reportSecurity,
          querystring: k.schema,
          response: { 200: answer(reportListData) },
        },
      },
      async (request, reply) => {
        const c = await reportContext(app, request, k.kind);
        const r = await k.resolve(c, request.query as never);
        const [data, until] = await Promise.all([
          runList(app, reply, r.def, r.query, k.appNames ? sdkAppNames(app) : undefined, r.compare),
          dataUntil(app, reply, r.def, c.yesterday, c.zone),
        ]);
        return ok(request, until ? { ...data, data_until: until } : data);
      },
    );
  }

  for (const k of exportsOf) {
    app.get(
      k.url,
      {
        preHandler: app.authenticateReport,
        schema: {
          tags: ['reports'],
          summary: `${k.kind} report export (XLSX or CSV stream, every row)`,
          security: reportSecurity,
          querystring: k.schema,
        },
      },
      async (request, reply) => {
        const c = await reportContext(app, request, k.kind);
        const q = request.query as { titles?: string; format: 'xlsx' | 'csv' };
        const r = await k.resolve(c, { ...q, page_index: 1, page_size: 1 } as never);
        const title = catalogueTitle(reportCatalogues[k.kind], c.lang);
        // `titles` name the requested fields by position; the app_name column (SDK, RTB) is the
        // server's own, added after app_key (titled as sent, else by its catalogue title).
        const fields = k.appNames
          ? r.shown.flatMap((f) => (f === 'app_key' ? [f, 'app_name'] : [f]))
          : r.shown;
        const columns = typedColumns(
          exportColumns(fields, r.sent, q.titles, title),
          reportCatalogues[k.kind],
          c.lang,
        );
        return sendExport(app, reply, {
          def: r.def,
          query: r.query,
          columns,
          format: q.format,
          name: exportFileName(newAffiliate(q) ? 'new_affiliate' : k.kind, r, c.lang),
          decorate: k.appNames ? sdkAppNames(app) : undefined,
        });
      },
    );
  }

  await rejectRoutes(fastify);
  await gameRoutes(fastify);
  await trendRoutes(fastify);
}

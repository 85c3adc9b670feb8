/**
 * Report routes of every kind (spec §7, api-contract §8, contracts reports-kinds.ts). The lists that
 * share the `{ list, count, total }` shape (SDK, RTB, affiliate, app report) and the exports of the
 * same query (SDK, RTB, affiliate) are one table each; Reject Detail, the game centre and the trend
 * have their own files. Each handler first checks the report is permitted (report-context.ts), then
 * resolves the kind's query within the caller's scope (declared-query.ts for the kinds that declare
 * it in the report registry, kind-queries.ts for the others).
 */
import { endpoints } from '@portal/contracts/endpoints.ts';
import { type ReportKind, reportCatalogues } from '@portal/contracts/reports-kinds.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { ok } from '../../lib/route-schema.ts';
import { typedColumns } from '../../reports/export/export-labels.ts';
import type { ExportFormat } from '../../reports/export/export-writer.ts';
import { dataUntil } from './data-until.ts';
import { resolveDeclared } from './declared-query.ts';
import { gameRoutes } from './game-routes.ts';
import { type Ctx, firstPage, type Resolved, resolveSdk } from './kind-queries.ts';
import { rejectRoutes } from './reject-routes.ts';
import { catalogueTitle, compareOf, exportFileName, reportContext, sdkAppNames } from './report-context.ts';
import { exportColumns, runList, sendExport } from './report-service.ts';

/** A list route sharing the `{ list, count, total }` answer. */
type ListRoute = {
  kind: ReportKind;
  /** Rows carry `app_name` beside `app_key` (SDK and RTB, names from the accounts store). */
  appNames?: boolean;
  description?: string;
};

/** An export route of the same query as its list: the whole result as a file. */
type ExportRoute = { kind: ReportKind; appNames?: boolean };

/** What an export handler reads of its (already validated) query beside the kind's own filters. */
type ExportQuery = { titles?: string; format: ExportFormat; db_source?: string };

const lists = {
  sdk: {
    kind: 'sdk',
    appNames: true,
    description:
      'Rows grouped by the dimensions among `fields`; rates are ratios of sums. Default order dt desc, ' +
      'then hour desc; an `order` on a field that is not selected is ignored. `app_key` is ' +
      'intersected with what the caller may see.',
  },
  rtb: {
    kind: 'rtb',
    appNames: true,
    description:
      'Rows carry `app_name` beside `app_key` when `app_key` is shown (null for a key the accounts ' +
      'store does not know); names only of keys in the rows the caller may see.',
  },
  affiliate: { kind: 'affiliate' },
  gx: { kind: 'gx', description: 'App report: yyyy-MM-dd dates, page size 50.' },
} satisfies Record<string, ListRoute>;

const exportsOf = {
  sdk: { kind: 'sdk', appNames: true },
  rtb: { kind: 'rtb', appNames: true },
  affiliate: { kind: 'affiliate' },
} satisfies Record<string, ExportRoute>;

/** Whether an export query is New Affiliate's (`db_source=affiliate_2024`): its file has its own name. */
const newAffiliate = (q: ExportQuery) => q.db_source === 'affiliate_2024';

/** Route options of list `k`. */
function listOptions(k: ListRoute) {
  return {
    tags: ['reports'],
    summary: `${k.kind} report: one page of grouped rows, their count and the totals row`,
    description: k.description,
  };
}

/** Route options of export `k`. */
function exportOptions(k: ExportRoute) {
  return { tags: ['reports'], summary: `${k.kind} report export (XLSX or CSV stream, every row)` };
}

/**
 * Registers every report kind's list, export, Reject Detail and game centre routes, on a scope that
 * authenticates each request with `app.authenticateReport` (reportRoutes).
 */
export async function kindRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /** Answers one page of list `k`: `resolve` gives the kind's query within the caller's context. */
  async function answerList(
    request: FastifyRequest,
    reply: FastifyReply,
    k: ListRoute,
    resolve: (c: Ctx) => Promise<Resolved>,
  ) {
    const c = await reportContext(app, request, k.kind);
    const r = await resolve(c);
    const [data, until] = await Promise.all([
      runList(
        app,
        reply,
        r.def,
        r.query,
        k.appNames ? sdkAppNames(app, c.lang) : undefined,
        compareOf(k.kind, r),
      ),
      dataUntil(app, reply, r.def, c.yesterday, c.zone),
    ]);
    return ok(request, until ? { ...data, data_until: until } : data);
  }

  /** Streams export `k` of query `q`: `resolve` gives its first page's query (exports send every row). */
  async function sendKindExport(
    request: FastifyRequest,
    reply: FastifyReply,
    k: ExportRoute,
    q: ExportQuery,
    resolve: (c: Ctx) => Promise<Resolved>,
  ) {
    const c = await reportContext(app, request, k.kind);
    const r = await resolve(c);
    const title = catalogueTitle(reportCatalogues[k.kind], c.lang);
    // `titles` name the requested fields by position; the app_name column (SDK, RTB) is the
    // server's own, added after app_key (titled as sent, else by its catalogue title).
    const fields = k.appNames ? r.shown.flatMap((f) => (f === 'app_key' ? [f, 'app_name'] : [f])) : r.shown;
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
      decorate: k.appNames ? sdkAppNames(app, c.lang) : undefined,
    });
  }

  // One route per kind, so each handler's query has its schema's type.
  const r = endpoints.reports;
  route(app, r.sdkList, listOptions(lists.sdk), (request, reply) =>
    answerList(request, reply, lists.sdk, (c) => resolveSdk(c, request.query)),
  );
  route(app, r.rtbList, listOptions(lists.rtb), (request, reply) =>
    answerList(request, reply, lists.rtb, (c) => resolveDeclared('rtb', c, request.query)),
  );
  route(app, r.affiliateList, listOptions(lists.affiliate), (request, reply) =>
    answerList(request, reply, lists.affiliate, (c) => resolveDeclared('affiliate', c, request.query)),
  );
  route(app, r.gxList, listOptions(lists.gx), (request, reply) =>
    answerList(request, reply, lists.gx, (c) => resolveDeclared('gx', c, request.query)),
  );

  route(app, r.sdkExport, exportOptions(exportsOf.sdk), (request, reply) =>
    sendKindExport(request, reply, exportsOf.sdk, request.query, (c) =>
      resolveSdk(c, firstPage(request.query)),
    ),
  );
  route(app, r.rtbExport, exportOptions(exportsOf.rtb), (request, reply) =>
    sendKindExport(request, reply, exportsOf.rtb, request.query, (c) =>
      resolveDeclared('rtb', c, firstPage(request.query)),
    ),
  );
  route(app, r.affiliateExport, exportOptions(exportsOf.affiliate), (request, reply) =>
    sendKindExport(request, reply, exportsOf.affiliate, request.query, (c) =>
      resolveDeclared('affiliate', c, firstPage(request.query)),
    ),
  );

  await rejectRoutes(fastify);
  await gameRoutes(fastify);
}

/**
 * Report routes of every kind (spec §7, api-contract §8, contracts report-registry): each kind's list
 * (the `{ list, count, total }` answer) and, when it has one, its export of the same query, registered
 * from the kind's entries of the endpoint table as kind-runs.ts binds them (SDK, RTB, Affiliate, the
 * App report; a new declared kind needs nothing here); Reject Detail, the game centre and the trend
 * have their own files. Each handler first checks the report is permitted (report-context.ts), then
 * resolves the kind's query within the caller's scope (declared-query.ts for the kinds that declare
 * it in the report registry, kind-queries.ts for the others).
 */
import { type ReportKind, reportKinds } from '@portal/contracts/reports-kinds.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { ok } from '../../lib/route-schema.ts';
import type { ExportFormat } from '../../reports/export/export-writer.ts';
import { dataUntil } from './data-until.ts';
import { gameRoutes } from './game-routes.ts';
import type { Ctx, Resolved } from './kind-queries.ts';
import { kindRuns } from './kind-runs.ts';
import { rejectRoutes } from './reject-routes.ts';
import {
  appNameKinds,
  compareOf,
  exportDecorator,
  exportFileName,
  kindExportColumns,
  reportContext,
  sdkAppNames,
} from './report-context.ts';
import { runList, sendExport } from './report-service.ts';

/** The OpenAPI description of a kind's list, where the defaults need one. */
const descriptions: Partial<Record<ReportKind, string>> = {
  sdk:
    'Rows grouped by the dimensions among `fields`; rates are ratios of sums. Default order dt desc, ' +
    'then hour desc; an `order` on a field that is not selected is ignored. `app_key` is ' +
    'intersected with what the caller may see.',
  rtb:
    'Rows carry `app_name` beside `app_key` when `app_key` is shown (null for a key the accounts ' +
    'store does not know); names only of keys in the rows the caller may see.',
  gx: 'App report: yyyy-MM-dd dates, page size 50.',
};

/** What an export handler reads of its (already validated) query beside the kind's own filters. */
type ExportQuery = { titles?: string; format: ExportFormat; db_source?: string };

/** Whether an export query is New Affiliate's (`db_source=affiliate_2024`): its file has its own name. */
const newAffiliate = (q: ExportQuery) => q.db_source === 'affiliate_2024';

/** Route options of `kind`'s list. */
function listOptions(kind: ReportKind) {
  return {
    tags: ['reports'],
    summary: `${kind} report: one page of grouped rows, their count and the totals row`,
    description: descriptions[kind],
  };
}

/** Route options of `kind`'s export. */
function exportOptions(kind: ReportKind) {
  return { tags: ['reports'], summary: `${kind} report export (XLSX or CSV stream, every row)` };
}

/**
 * Registers every report kind's list, export, Reject Detail and game centre routes, on a scope that
 * authenticates each request with `app.authenticateReport` (reportRoutes).
 */
export async function kindRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /** Answers one page of `kind`'s list: `resolve` gives its query within the caller's context. */
  async function answerList(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: ReportKind,
    resolve: (c: Ctx) => Promise<Resolved>,
  ) {
    const c = await reportContext(app, request, kind);
    const r = await resolve(c);
    const [data, until] = await Promise.all([
      runList(
        app,
        reply,
        r.def,
        r.query,
        appNameKinds.has(kind) ? sdkAppNames(app, c.lang) : undefined,
        compareOf(kind, r),
      ),
      dataUntil(app, reply, r.def, c.yesterday, c.zone),
    ]);
    return ok(request, until ? { ...data, data_until: until } : data);
  }

  /** Streams `kind`'s export of query `q`: `resolve` gives its first page's query (exports send every row). */
  async function sendKindExport(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: ReportKind,
    q: ExportQuery,
    resolve: (c: Ctx) => Promise<Resolved>,
  ) {
    const c = await reportContext(app, request, kind);
    const r = await resolve(c);
    return sendExport(app, reply, {
      def: r.def,
      query: r.query,
      columns: kindExportColumns(kind, r, q.titles, c.lang),
      format: q.format,
      name: exportFileName(newAffiliate(q) ? 'new_affiliate' : kind, r, c.lang),
      decorate: exportDecorator(app, kind, c.lang),
    });
  }

  // Every kind's list, then every export, from its entries of the endpoint table (kind-runs.ts); the
  // route validated the query with the entry's schema before the handler resolves it.
  const routed = reportKinds.filter((kind) => !kindRuns[kind].ownRoutes);
  for (const kind of routed) {
    const { list } = kindRuns[kind];
    route(app, list.entry, listOptions(kind), (request, reply) =>
      answerList(request, reply, kind, (c) => list.resolveParsed(c, request.query)),
    );
  }
  for (const kind of routed) {
    const exported = kindRuns[kind].export;
    if (!exported) continue;
    route(app, exported.entry, exportOptions(kind), (request, reply) =>
      sendKindExport(request, reply, kind, request.query as unknown as ExportQuery, (c) =>
        exported.resolveParsed(c, request.query),
      ),
    );
  }

  await rejectRoutes(fastify);
  await gameRoutes(fastify);
}

/**
 * Reject Detail of an affiliate row (spec §7, contracts reports-affiliate.ts): every reject reason of
 * the clicked row's facts by count, as a list and as an export. Scope and permission as the affiliate
 * report.
 */
import { endpoints } from '@portal/contracts/endpoints.ts';
import { rejectCatalogue } from '@portal/contracts/reports-affiliate.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { ok } from '../../lib/route-schema.ts';
import { typedColumns } from '../../reports/export/export-labels.ts';
import { resolveReject } from './kind-queries.ts';
import { catalogueTitle, exportFileName, reportContext } from './report-context.ts';
import { exportColumns, runList, sendExport } from './report-service.ts';

/**
 * Registers `/v1/report/list/affiliate/reject` and `/v1/report/export/affiliate/reject`, on a scope that
 * authenticates with `authenticateReport`.
 */
export async function rejectRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  route(
    app,
    endpoints.reports.rejectList,
    { tags: ['reports'], summary: 'Reject Detail of an affiliate row' },
    async (request, reply) => {
      const r = await resolveReject(await reportContext(app, request, 'affiliate'), request.query);
      const { list, total } = await runList(app, reply, r.def, r.query);
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
  route(
    app,
    endpoints.reports.rejectExport,
    { tags: ['reports'], summary: 'Reject Detail export' },
    async (request, reply) => {
      const c = await reportContext(app, request, 'affiliate');
      const r = await resolveReject(c, request.query);
      return sendExport(app, reply, {
        def: r.def,
        query: r.query,
        columns: typedColumns(
          exportColumns(r.shown, r.sent, request.query.titles, catalogueTitle(rejectCatalogue, c.lang)),
          rejectCatalogue,
          c.lang,
        ),
        format: request.query.format,
        name: exportFileName('affiliate_reject', r, c.lang),
      });
    },
  );
}

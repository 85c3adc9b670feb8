/** Audit log routes (issue 16 §3): list and CSV export; read only, there is no route that edits entries. */
import { endpoints } from '@portal/contracts/endpoints.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { ok } from '../../lib/route-schema.ts';
import { currentUser } from '../../plugins/session.ts';
import { contentDisposition } from '../../reports/export/export-writer.ts';
import { exportAuditCsv, listAudit } from './audit-service.ts';

export async function auditRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  route(
    app,
    endpoints.security.auditList,
    {
      tags: ['audit'],
      summary: 'Audit log: admins (67) their organisation, operations (70) all; newest first',
    },
    async (request) => ok(request, await listAudit(app.db, currentUser(request), request.query)),
  );

  route(
    app,
    endpoints.security.auditExport,
    { tags: ['audit'], summary: 'Audit log as CSV (UTF-8 with BOM), same filters and reach as the list' },
    async (request, reply) => {
      const csv = await exportAuditCsv(app.db, currentUser(request), request.query);
      const name = `audit_${app.now().toISOString().slice(0, 10)}`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(`${name}.csv`, `${name}.csv`))
        .send(csv);
    },
  );
}

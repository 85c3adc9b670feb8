/** Audit log routes (issue 16 §3): list and CSV export; read only, there is no route that edits entries. */
import { auditList, auditQuery } from '@portal/contracts/security.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answer, ok } from '../../lib/route-schema.ts';
import { declareCaller } from '../../plugins/route-callers.ts';
import { currentUser } from '../../plugins/session.ts';
import { contentDisposition } from '../../reports/export/export-writer.ts';
import { exportAuditCsv, listAudit } from './audit-service.ts';

const security = [{ token: [] }];

export async function auditRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // Every route of this group needs a session (api-contract §1): authenticated once, here.
  declareCaller(app, 'session');

  app.get(
    '/v1/audit/list',
    {
      schema: {
        tags: ['audit'],
        summary: 'Audit log: admins (67) their organisation, operations (70) all; newest first',
        security,
        querystring: auditQuery,
        response: { 200: answer(auditList) },
      },
    },
    async (request) => ok(request, await listAudit(app.db, currentUser(request), request.query)),
  );

  app.get(
    '/v1/audit/export',
    {
      schema: {
        tags: ['audit'],
        summary: 'Audit log as CSV (UTF-8 with BOM), same filters and reach as the list',
        security,
        querystring: auditQuery,
      },
    },
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

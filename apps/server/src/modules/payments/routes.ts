/**
 * Payments routes of a publisher (issue 23; contracts payments.ts): the balance summary, statements
 * (list, detail, PDF, invoice upload), payouts (list, CSV/XLSX export), the payment profile, tax
 * forms and documents, and the "finance" grants. Session required; the organisation is always the
 * caller's own (access.ts), so another organisation's ids answer 10008.
 */
import { langFromHeader } from '@portal/contracts/codes.ts';
import { Role } from '@portal/contracts/constants.ts';
import { endpoints } from '@portal/contracts/endpoints.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { requestLang } from '../../lib/request-lang.ts';
import { ok } from '../../lib/route-schema.ts';
import { createCounters } from '../../plugins/counters.ts';
import { currentUser } from '../../plugins/session.ts';
import { contentDisposition } from '../../reports/export/export-writer.ts';
import { secretBoxOf } from '../two-factor/secret-box.ts';
import { TWO_FACTOR_LIMIT, type TwoFactorDeps } from '../two-factor/two-factor-service.ts';
import { requirePaymentAdmin, requirePayments } from './access.ts';
import { listDocuments, readDocument, uploadInvoice, uploadTaxForm } from './documents.ts';
import { financeGrantList, setFinanceGrants } from './grants.ts';
import { exportPayouts, listPayouts } from './payouts.ts';
import { statementPdf } from './pdf.ts';
import { readProfile, saveProfile } from './profile.ts';
import { statementDetail as detailOf, listStatements, paymentSummary as summaryOf } from './statements.ts';

const tags = ['payments'];
/** Uploads carry up to 10 MiB as base64 in JSON. */
const UPLOAD_BODY_LIMIT = 15 * 1024 * 1024;

/** The PDF's or a document's `Content-Disposition` (inline, UTF-8 name with an ASCII fallback). */
function inline(name: string): string {
  return contentDisposition(name, name).replace(/^attachment/, 'inline');
}

export async function paymentRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const counters = createCounters(app.config);
  app.addHook('onClose', () => counters.close());
  const deps: TwoFactorDeps = {
    db: app.db,
    box: secretBoxOf(app.keyRing),
    attempts: counters.counter('totp:user', TWO_FACTOR_LIMIT),
    now: () => app.now(),
  };

  route(
    app,
    endpoints.payments.summary,
    { tags, summary: 'Balance, carried amount, next payment date' },
    async (request) => {
      const companyId = await requirePayments(app, currentUser(request));
      return ok(request, await summaryOf(app.db, companyId));
    },
  );

  route(
    app,
    endpoints.payments.statements,
    { tags, summary: 'Statements of the organisation' },
    async (request) => {
      const companyId = await requirePayments(app, currentUser(request));
      return ok(request, { list: await listStatements(app.db, { companyId }) });
    },
  );

  route(
    app,
    endpoints.payments.statement,
    { tags, summary: 'One statement with lines, adjustments and difference' },
    async (request) => {
      const companyId = await requirePayments(app, currentUser(request));
      return ok(request, await detailOf(app, request.params.id, companyId));
    },
  );

  route(
    app,
    endpoints.payments.statementPdf,
    { tags, summary: 'The statement as PDF in the caller language' },
    async (request, reply) => {
      const companyId = await requirePayments(app, currentUser(request));
      const detail = await detailOf(app, request.params.id, companyId);
      const lang = request.query.lang ?? langFromHeader(request.headers['accept-language']);
      const pdf = await statementPdf(detail, lang);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', inline(`statement_${detail.month}_${detail.profit_center_id}.pdf`))
        .send(pdf);
    },
  );

  route(
    app,
    endpoints.payments.uploadInvoice,
    { bodyLimit: UPLOAD_BODY_LIMIT, tags, summary: 'Upload the invoice (PDF, ≤ 10 MiB)' },
    async (request) => {
      const user = currentUser(request);
      const companyId = await requirePayments(app, user);
      const { file_name, content_base64 } = request.body;
      return ok(
        request,
        await uploadInvoice(app, user.userId, companyId, request.params.id, file_name, content_base64),
      );
    },
  );

  route(app, endpoints.payments.payouts, { tags, summary: 'Payout history' }, async (request) => {
    const companyId = await requirePayments(app, currentUser(request));
    return ok(request, { list: await listPayouts(app.db, companyId) });
  });

  route(
    app,
    endpoints.payments.payoutsExport,
    { tags, summary: 'Payout history as CSV or XLSX' },
    async (request, reply) => {
      const companyId = await requirePayments(app, currentUser(request));
      const format = request.query.format;
      const file = await exportPayouts(await listPayouts(app.db, companyId), format, requestLang(request));
      const name = `payouts_${app.now().toISOString().slice(0, 10)}.${format}`;
      return reply
        .header(
          'content-type',
          format === 'csv'
            ? 'text/csv; charset=utf-8'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        )
        .header('content-disposition', contentDisposition(name, name))
        .send(file);
    },
  );

  route(
    app,
    endpoints.payments.profile,
    { tags, summary: 'The payment profile, masked' },
    async (request) => {
      const companyId = await requirePayments(app, currentUser(request));
      return ok(request, await readProfile(app, companyId));
    },
  );

  route(
    app,
    endpoints.payments.setProfile,
    { tags, summary: 'Change the payment profile (password, 2FA code; 7-day payout hold)' },
    async (request) => {
      const user = currentUser(request);
      const companyId = requirePaymentAdmin(user);
      return ok(request, await saveProfile(app, deps, user, companyId, request.body));
    },
  );

  route(app, endpoints.payments.documents, { tags, summary: 'Invoices and tax forms' }, async (request) => {
    const companyId = await requirePayments(app, currentUser(request));
    return ok(request, { list: await listDocuments(app, companyId) });
  });

  route(
    app,
    endpoints.payments.uploadDocument,
    { bodyLimit: UPLOAD_BODY_LIMIT, tags, summary: 'Upload a tax form (PDF, ≤ 10 MiB)' },
    async (request) => {
      const user = currentUser(request);
      const companyId = requirePaymentAdmin(user);
      return ok(
        request,
        await uploadTaxForm(app, user.userId, companyId, request.body.file_name, request.body.content_base64),
      );
    },
  );

  route(
    app,
    endpoints.payments.document,
    { tags, summary: 'Download one document' },
    async (request, reply) => {
      const user = currentUser(request);
      const companyId = user.roles.includes(Role.OPS) ? null : await requirePayments(app, user);
      const doc = await readDocument(app, request.params.id, companyId);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', inline(doc.file_name))
        .send(doc.content);
    },
  );

  route(
    app,
    endpoints.payments.financeGrants,
    { tags, summary: 'Members and whether they see Payments' },
    async (request) => {
      const companyId = requirePaymentAdmin(currentUser(request));
      return ok(request, { list: await financeGrantList(app.db, companyId) });
    },
  );

  route(
    app,
    endpoints.payments.setFinanceGrants,
    { tags, summary: 'Which members see Payments' },
    async (request) => {
      const user = currentUser(request);
      const companyId = requirePaymentAdmin(user);
      await setFinanceGrants(app, user.userId, companyId, request.body.user_ids);
      return ok(request, null);
    },
  );
}

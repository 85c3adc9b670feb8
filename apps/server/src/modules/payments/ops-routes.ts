/**
 * Operations' month-close routes (issue 23 item 6; role 70 only, 402 otherwise): statements across
 * organisations filtered by month, profit centre and status; close a month; adjustments; confirm one
 * or many; hold with a reason; record a payout or import the finance system's CSV; profit centre terms.
 */
import { endpoints } from '@portal/contracts/endpoints.ts';
import { parseUsd } from '@portal/contracts/payments.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { paymentTerms } from '../../db/schema/payments.ts';
import { paramError } from '../../lib/app-error.ts';
import { route } from '../../lib/endpoint-route.ts';
import { ok } from '../../lib/route-schema.ts';
import { currentUser } from '../../plugins/session.ts';
import { listProfitCenters } from '../ops/ops-service.ts';
import { requirePaymentOps } from './access.ts';
import { addAdjustment, closeMonth, confirmStatements, holdStatement } from './month-close.ts';
import { listPayouts, parsePayoutCsv, recordPayout, recordPayouts } from './payouts.ts';
import { statementDetail as detailOf, listStatements, termsOf } from './statements.ts';

const tags = ['payments-ops'];

export async function opsPaymentRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  route(
    app,
    endpoints.paymentsOps.statements,
    { tags, summary: 'Statements across organisations' },
    async (request) => {
      requirePaymentOps(currentUser(request));
      const q = request.query;
      return ok(request, {
        list: await listStatements(app.db, {
          month: q.month,
          profitCenterId: q.profit_center_id,
          status: q.status,
          companyId: q.company_id,
        }),
      });
    },
  );

  route(app, endpoints.paymentsOps.statement, { tags, summary: 'One statement' }, async (request) => {
    requirePaymentOps(currentUser(request));
    return ok(request, await detailOf(app, request.params.id, null));
  });

  route(
    app,
    endpoints.paymentsOps.closeMonth,
    { tags, summary: 'Close a month (idempotent)' },
    async (request) => {
      const actor = requirePaymentOps(currentUser(request));
      return ok(request, await closeMonth(app, request.body.month, actor));
    },
  );

  route(
    app,
    endpoints.paymentsOps.addAdjustment,
    { tags, summary: 'Add an adjustment to a closed statement' },
    async (request) => {
      const actor = requirePaymentOps(currentUser(request));
      await addAdjustment(app, actor, request.params.id, request.body);
      return ok(request, null);
    },
  );

  route(
    app,
    endpoints.paymentsOps.confirm,
    { tags, summary: 'Confirm closed statements, all or none' },
    async (request) => {
      const actor = requirePaymentOps(currentUser(request));
      return ok(request, { confirmed: await confirmStatements(app, actor, request.body.ids) });
    },
  );

  route(
    app,
    endpoints.paymentsOps.hold,
    { tags, summary: 'Hold (with a reason) or release a payment' },
    async (request) => {
      const actor = requirePaymentOps(currentUser(request));
      await holdStatement(app, actor, request.params.id, request.body.hold, request.body.reason);
      return ok(request, null);
    },
  );

  route(
    app,
    endpoints.paymentsOps.recordPayout,
    { tags, summary: 'Record one payout (idempotent by reference)' },
    async (request) => {
      const actor = requirePaymentOps(currentUser(request));
      return ok(request, { recorded: await recordPayout(app, request.body, 'ops', actor) });
    },
  );

  route(
    app,
    endpoints.paymentsOps.importPayouts,
    { tags, summary: "The finance system's payout CSV, all or nothing" },
    async (request) => {
      const actor = requirePaymentOps(currentUser(request));
      return ok(request, await recordPayouts(app, parsePayoutCsv(request.body.csv), 'csv', actor));
    },
  );

  route(app, endpoints.paymentsOps.payouts, { tags, summary: 'Every payout' }, async (request) => {
    requirePaymentOps(currentUser(request));
    return ok(request, { list: await listPayouts(app.db, null) });
  });

  route(
    app,
    endpoints.paymentsOps.terms,
    { tags, summary: 'Terms of every profit centre' },
    async (request) => {
      requirePaymentOps(currentUser(request));
      const pcs = await listProfitCenters(app.db);
      const terms = await termsOf(
        app.db,
        pcs.map((p) => p.id),
      );
      return ok(request, {
        list: pcs.map((p) => {
          const t = terms(p.id);
          return {
            profit_center_id: p.id,
            profit_center_name: p.name,
            threshold_micros: t.threshold_micros,
            net_days: t.net_days === 60 ? (60 as const) : (30 as const),
            invoice_required: t.invoice_required,
          };
        }),
      });
    },
  );

  route(
    app,
    endpoints.paymentsOps.setTerms,
    { tags, summary: "Set a profit centre's terms" },
    async (request) => {
      requirePaymentOps(currentUser(request));
      const threshold = parseUsd(request.body.threshold);
      if (threshold === null || threshold < 0)
        throw paramError([{ field: 'threshold', message: 'a USD amount ≥ 0' }]);
      const values = {
        threshold_micros: threshold,
        net_days: request.body.net_days,
        invoice_required: request.body.invoice_required,
        updated_at: app.now(),
      };
      await app.db
        .insert(paymentTerms)
        .values({ profit_center_id: request.body.profit_center_id, ...values })
        .onConflictDoUpdate({ target: paymentTerms.profit_center_id, set: values });
      return ok(request, null);
    },
  );
}

/**
 * Operations' month-close routes (issue 23 item 6; role 70 only, 402 otherwise): statements across
 * organisations filtered by month, profit centre and status; close a month; adjustments; confirm one
 * or many; hold with a reason; record a payout or import the finance system's CSV; profit centre terms.
 */
import {
  adjustmentBody,
  closeBody,
  confirmBody,
  holdBody,
  opsStatementQuery,
  parseUsd,
  payoutBody,
  payoutImportBody,
  payoutImportResult,
  statementDetail,
  statementItem,
  termsBody,
  termsItem,
} from '@portal/contracts/payments.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentTerms } from '../../db/schema/payments.ts';
import { paramError } from '../../lib/app-error.ts';
import { answer, ok } from '../../lib/route-schema.ts';
import { declareCaller } from '../../plugins/route-callers.ts';
import { currentUser } from '../../plugins/session.ts';
import { listProfitCenters } from '../ops/ops-service.ts';
import { requirePaymentOps } from './access.ts';
import { addAdjustment, closeMonth, confirmStatements, holdStatement } from './month-close.ts';
import { listPayouts, parsePayoutCsv, recordPayout, recordPayouts } from './payouts.ts';
import { statementDetail as detailOf, listStatements, termsOf } from './statements.ts';

const security = [{ token: [] }];
const tags = ['payments-ops'];
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export async function opsPaymentRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  declareCaller(app, 'session');

  app.get(
    '/v1/ops/payments/statements',
    {
      schema: {
        tags,
        security,
        querystring: opsStatementQuery,
        summary: 'Statements across organisations',
        response: { 200: answer(z.object({ list: z.array(statementItem) })) },
      },
    },
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

  app.get(
    '/v1/ops/payments/statements/:id',
    {
      schema: {
        tags,
        security,
        params: idParams,
        summary: 'One statement',
        response: { 200: answer(statementDetail) },
      },
    },
    async (request) => {
      requirePaymentOps(currentUser(request));
      return ok(request, await detailOf(app, request.params.id, null));
    },
  );

  app.post(
    '/v1/ops/payments/close',
    {
      schema: {
        tags,
        security,
        body: closeBody,
        summary: 'Close a month (idempotent)',
        response: { 200: answer(z.object({ closed: z.number().int(), unchanged: z.number().int() })) },
      },
    },
    async (request) => {
      const actor = requirePaymentOps(currentUser(request));
      return ok(request, await closeMonth(app, request.body.month, actor));
    },
  );

  app.post(
    '/v1/ops/payments/statements/:id/adjustments',
    {
      schema: {
        tags,
        security,
        params: idParams,
        body: adjustmentBody,
        summary: 'Add an adjustment to a closed statement',
        response: { 200: answer(z.null()) },
      },
    },
    async (request) => {
      const actor = requirePaymentOps(currentUser(request));
      await addAdjustment(app, actor, request.params.id, request.body);
      return ok(request, null);
    },
  );

  app.post(
    '/v1/ops/payments/confirm',
    {
      schema: {
        tags,
        security,
        body: confirmBody,
        summary: 'Confirm closed statements, all or none',
        response: { 200: answer(z.object({ confirmed: z.number().int() })) },
      },
    },
    async (request) => {
      const actor = requirePaymentOps(currentUser(request));
      return ok(request, { confirmed: await confirmStatements(app, actor, request.body.ids) });
    },
  );

  app.post(
    '/v1/ops/payments/statements/:id/hold',
    {
      schema: {
        tags,
        security,
        params: idParams,
        body: holdBody,
        summary: 'Hold (with a reason) or release a payment',
        response: { 200: answer(z.null()) },
      },
    },
    async (request) => {
      const actor = requirePaymentOps(currentUser(request));
      await holdStatement(app, actor, request.params.id, request.body.hold, request.body.reason);
      return ok(request, null);
    },
  );

  app.post(
    '/v1/ops/payments/payouts',
    {
      schema: {
        tags,
        security,
        body: payoutBody,
        summary: 'Record one payout (idempotent by reference)',
        response: { 200: answer(z.object({ recorded: z.boolean() })) },
      },
    },
    async (request) => {
      const actor = requirePaymentOps(currentUser(request));
      return ok(request, { recorded: await recordPayout(app, request.body, 'ops', actor) });
    },
  );

  app.post(
    '/v1/ops/payments/payouts/import',
    {
      schema: {
        tags,
        security,
        body: payoutImportBody,
        summary: "The finance system's payout CSV, all or nothing",
        response: { 200: answer(payoutImportResult) },
      },
    },
    async (request) => {
      const actor = requirePaymentOps(currentUser(request));
      return ok(request, await recordPayouts(app, parsePayoutCsv(request.body.csv), 'csv', actor));
    },
  );

  app.get(
    '/v1/ops/payments/payouts',
    {
      schema: {
        tags,
        security,
        summary: 'Every payout',
        response: { 200: answer(z.object({ list: z.array(z.any()) })) },
      },
    },
    async (request) => {
      requirePaymentOps(currentUser(request));
      return ok(request, { list: await listPayouts(app.db, null) });
    },
  );

  app.get(
    '/v1/ops/payments/terms',
    {
      schema: {
        tags,
        security,
        summary: 'Terms of every profit centre',
        response: { 200: answer(z.object({ list: z.array(termsItem) })) },
      },
    },
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

  app.put(
    '/v1/ops/payments/terms',
    {
      schema: {
        tags,
        security,
        body: termsBody,
        summary: "Set a profit centre's terms",
        response: { 200: answer(z.null()) },
      },
    },
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

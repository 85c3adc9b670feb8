/**
 * The finance system's signed calls (issue 23 item 6; api-contract §3, as modules/external): no
 * session; the fields as sent carry `partner_id` (a partner of EXTERNAL_API_KEYS), a `timestamp`
 * within 300 s and `sign`; anything else answers 10003. A signed POST body is accepted once.
 * - `GET /external_api/payments/statements`: statements awaiting payment (confirmed or invoiced, not
 *   carried over), with the payable amount as decimal USD and the payout method masked;
 * - `POST /external_api/payments/payouts`: payout results `{ payouts: [{ statement_id, reference,
 *   amount, paid_on, status }] }`, all or nothing, idempotent by reference (payouts.ts).
 */
import { endpoints } from '@portal/contracts/endpoints.ts';
import { plainUsd } from '@portal/contracts/payments.ts';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { paymentProfiles } from '../../db/schema/payments.ts';
import { route } from '../../lib/endpoint-route.ts';
import { ok } from '../../lib/route-schema.ts';
import { partnerSignatureCheck } from '../../plugins/partner-signature.ts';
import { maskedLine, recordPayouts } from './payouts.ts';
import { listStatements } from './statements.ts';

export async function externalPaymentRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const verify = partnerSignatureCheck(app);
  const tags = ['external'];

  route(
    app,
    endpoints.external.dueStatements,
    { preValidation: verify, tags, summary: 'Statements awaiting payment (signed finance call)' },
    async (request) => {
      const items = [
        ...(await listStatements(app.db, { status: 'confirmed' })),
        ...(await listStatements(app.db, { status: 'invoiced' })),
      ].filter((s) => !s.carried_over);
      const ids = [...new Set(items.map((s) => s.company_id))];
      const profiles = ids.length
        ? await app.db.select().from(paymentProfiles).where(inArray(paymentProfiles.company_id, ids))
        : [];
      const byCompany = new Map(profiles.map((p) => [p.company_id, p]));
      const now = app.now();
      return ok(
        request,
        items.map((s) => {
          const p = byCompany.get(s.company_id);
          return {
            statement_id: s.id,
            company_id: s.company_id,
            company_name: s.company_name,
            profit_center_id: s.profit_center_id,
            month: s.month,
            status: s.status,
            amount: plainUsd(s.payable_micros),
            currency: 'USD' as const,
            beneficiary_name: p?.beneficiary_name ?? null,
            method: p?.method ?? null,
            method_masked: p ? maskedLine(p.details_masked) : null,
            on_hold: s.hold_reason !== null || !p || (p.hold_until !== null && p.hold_until > now),
          };
        }),
      );
    },
  );

  route(
    app,
    endpoints.external.payouts,
    {
      preValidation: verify,
      tags,
      summary: 'Payout results, all or nothing, idempotent by reference (signed finance call)',
    },
    async (request) => {
      const entries = request.body.payouts.map((body, i) => ({ line: i + 1, body }));
      return ok(request, await recordPayouts(app, entries, 'external', null));
    },
  );
}

/**
 * Signed plain-JSON routes (api-contract §3: company signup, account signup, bind_account,
 * add_opt_permission). The body's fields must be checked exactly as sent, before the route's schema
 * coerces or strips anything, so `captureSignedFields` (a preValidation hook) keeps a copy and
 * `verifySignedBody` (a preHandler, after `app.authenticate`) checks sign and timestamp window on it
 * (10003).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { verifySignedFields } from '../../lib/signed-fields.ts';
import { claimSignature } from '../../plugins/signature-ledger.ts';

const captured = new WeakMap<FastifyRequest, Record<string, unknown>>();

/** preValidation: keeps a copy of the body as sent. */
export async function captureSignedFields(request: FastifyRequest): Promise<void> {
  const body = request.body;
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    captured.set(request, { ...(body as Record<string, unknown>) });
  }
}

/** preHandler factory: 10003 unless the captured body carries a valid sign and a fresh timestamp. */
export function verifySignedBody(app: FastifyInstance) {
  return async (request: FastifyRequest): Promise<void> => {
    const fields = captured.get(request);
    if (!fields) throw new AppError(10003);
    await verifySignedFields(fields, app.config.signKey, app.now(), (sign, ts) =>
      claimSignature(app.db, sign, ts),
    );
  };
}

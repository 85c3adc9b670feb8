/**
 * The preValidation hook of every signed partner route (`/external_api/*`, api-contract §3 signing):
 * runs before the schema, so an unsigned call answers 10003, not 604. Throws AppError(10003) unless
 * the fields as sent (query for GET, JSON body otherwise) are signed by a partner of
 * `EXTERNAL_API_KEYS` within the window. A signed body is accepted once (api-contract §10, the
 * signature ledger); a signed read (GET) changes nothing, so a partner may repeat it in the window.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { verifySignedFields } from '../lib/signed-fields.ts';
import { claimSignature } from './signature-ledger.ts';

/** The request's fields as sent: the query string for GET, else the JSON body; null when not an object. */
function rawFields(request: FastifyRequest): Record<string, unknown> | null {
  const source = request.method === 'GET' ? request.query : request.body;
  return typeof source === 'object' && source !== null && !Array.isArray(source)
    ? (source as Record<string, unknown>)
    : null;
}

/** The hook for `app`'s partner routes (see the module comment). */
export function partnerSignatureCheck(app: FastifyInstance): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    const fields = rawFields(request);
    const partner = fields?.partner_id;
    const secret = typeof partner === 'string' ? app.config.externalApiKeys.get(partner) : undefined;
    if (!fields || !secret) throw new AppError(10003);
    const claim =
      request.method === 'GET'
        ? async () => true
        : (sign: string, ts: number) => claimSignature(app.db, sign, ts);
    await verifySignedFields(fields, secret, app.now(), claim);
  };
}

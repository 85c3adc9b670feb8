/**
 * Test helpers that call signed endpoints the way the web client does (api-contract §3–4): sign the
 * fields with the server's key (timestamp from the server clock, plat_type 4), then either encrypt
 * them to the served key (`postEncrypted`) or send them as JSON with the session token (`postSigned`).
 */
import { PLAT_TYPE } from '@portal/contracts/constants.ts';
import { signFields } from '@portal/contracts/sign.ts';
import type { FastifyInstance } from 'fastify';
import { envelopeOf } from './envelope.ts';
import { type Answer, encryptForServer } from './login.ts';
import { signingTimestamp } from './timestamps.ts';

export type SignOptions = {
  /** Changes the fields after signing (tamper tests). */
  afterSign?: (fields: Record<string, unknown>) => void;
  lang?: string;
  ip?: string;
};

/** `fields` with plat_type 4, the server's current timestamp and sign. */
export async function signed(
  app: FastifyInstance,
  fields: Record<string, unknown>,
  opts: SignOptions = {},
): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = { plat_type: PLAT_TYPE, ...fields };
  body.timestamp = fields.timestamp ?? signingTimestamp(app, body);
  body.sign = await signFields(app.config.signKey, body);
  opts.afterSign?.(body);
  return body;
}

/** POSTs `{ data: JWE(signed fields) }` to `url`. */
export async function postEncrypted(
  app: FastifyInstance,
  url: string,
  fields: Record<string, unknown>,
  opts: SignOptions = {},
): Promise<Answer> {
  const res = await app.inject({
    method: 'POST',
    url,
    payload: { data: await encryptForServer(app, await signed(app, fields, opts)) },
    headers: { 'accept-language': opts.lang ?? 'zh-CN' },
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  });
  return envelopeOf(res);
}

/** Sends the signed fields as a JSON body with the session `token` (method default POST). */
export async function sendSigned(
  app: FastifyInstance,
  url: string,
  token: string,
  fields: Record<string, unknown>,
  opts: SignOptions & { method?: 'POST' | 'PUT' } = {},
): Promise<Answer> {
  const res = await app.inject({
    method: opts.method ?? 'POST',
    url,
    payload: await signed(app, fields, opts),
    headers: { token, 'accept-language': opts.lang ?? 'zh-CN' },
  });
  return envelopeOf(res);
}

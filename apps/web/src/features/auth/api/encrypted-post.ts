/**
 * Encrypted, signed POSTs (api-contract §3–4) of the reset and sign-up pages: the plaintext is the
 * form plus `timestamp`, `plat_type` 4 and `sign`; the body is `{ data: <JWE> }`, like login.
 */
import { request } from '../../../lib/request.ts';
import { signBody } from '../../../lib/signing.ts';
import { getPublicKey } from './use-login.ts';

/** Signs `fields`, encrypts them to the server's key and POSTs `{ data }` to `path`. */
export async function postEncrypted<T>(path: string, fields: Record<string, unknown>): Promise<T> {
  // jose loads with the first encrypted call only.
  const [key, { encryptPayload }] = await Promise.all([getPublicKey(), import('./encrypt.ts')]);
  const data = await encryptPayload(key, await signBody(fields));
  return request<T>(path, { method: 'POST', body: { data } });
}

/**
 * Encrypted, signed POSTs (api-contract §3–4) of the reset and sign-up pages: the plaintext is the
 * form plus `timestamp`, `plat_type` 4 and `sign`; the body is `{ data: <JWE> }`, like login.
 */
import i18next from 'i18next';
import { fail } from '@/lib/notify.ts';
import { RequestError, request } from '@/lib/request.ts';
import { signBody } from '@/lib/signing.ts';
import { getPublicKey } from './use-login.ts';

/** Loads jose on demand; a failed chunk load (e.g. after a redeploy) is shown as a network error. */
async function loadEncrypt(): Promise<typeof import('./encrypt.ts')> {
  try {
    return await import('./encrypt.ts');
  } catch (err) {
    const text = i18next.t('common:errors.network');
    fail(text, 3, 'network');
    throw new RequestError(text, 'network', undefined, undefined, err);
  }
}

/** Signs `fields`, encrypts them to the server's key and POSTs `{ data }` to `path`. */
export async function postEncrypted<T>(path: string, fields: Record<string, unknown>): Promise<T> {
  // jose loads with the first encrypted call only.
  const [key, { encryptPayload }] = await Promise.all([getPublicKey(), loadEncrypt()]);
  const data = await encryptPayload(key, await signBody(fields));
  return request<T>(path, { method: 'POST', body: { data } });
}

/**
 * Encrypted, signed POSTs (api-contract §3–4) of the reset and sign-up pages: the plaintext is the
 * form plus `timestamp`, `plat_type` 4 and `sign`; the body is `{ data: <JWE> }`, like login.
 */
import type { encryptedBody } from '@portal/contracts/account.ts';
import type { EndpointData } from '@portal/contracts/endpoints.ts';
import i18next from 'i18next';
import { callEndpointUnchecked, type EnvelopeEndpoint } from '@/lib/call-endpoint.ts';
import { fail } from '@/lib/notify.ts';
import { RequestError } from '@/lib/request.ts';
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

/** An entry whose body is the encrypted `{ data: <JWE> }` (login, reset, sign-up, e-mail code). */
type EncryptedEndpoint = EnvelopeEndpoint & { readonly method: 'POST'; readonly body: typeof encryptedBody };

/** Signs `fields`, encrypts them to the server's key and POSTs `{ data }` to `endpoint`. */
export async function postEncrypted<E extends EncryptedEndpoint>(
  endpoint: E,
  fields: Record<string, unknown>,
): Promise<EndpointData<E>> {
  // jose loads with the first encrypted call only.
  const [key, { encryptPayload }] = await Promise.all([getPublicKey(), loadEncrypt()]);
  const data = await encryptPayload(key, await signBody(fields));
  // every such entry's body is `encryptedBody` ({ data }), which E, generic here, does not resolve to
  return callEndpointUnchecked(endpoint, { body: { data } });
}

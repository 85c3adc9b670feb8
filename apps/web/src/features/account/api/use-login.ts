/**
 * Login (spec §2, api-contract §3–6): fetch the public key, sign the login form, encrypt it and POST
 * it as `{ data: <JWE> }`. Resolves with `{ token, company_status }`.
 */
import type { LoginData } from '@portal/contracts/account.ts';
import { accountEndpoints } from '@portal/contracts/endpoints/account.ts';
import type { EndpointData } from '@portal/contracts/endpoints.ts';
import { withSignature } from '@portal/contracts/sign.ts';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint.ts';
import { SIGN_KEY } from '@/lib/signing.ts';
import type { PublicKey } from './encrypt.ts';

export type LoginInput = { email: string; password: string; captcha_id: string; captcha_answer: string };
export type LoginResult = LoginData;
/** The login answer: a session, or (two-factor on, issue 16) a challenge for the second step. */
export type LoginAnswer = EndpointData<typeof accountEndpoints.login>;

export { SIGN_KEY } from '@/lib/signing.ts';

/** GET /api/v1/user/get_key. */
export function getPublicKey(): Promise<PublicKey> {
  return callEndpoint(accountEndpoints.publicKey);
}

/** POST /v1/passport/user/login with the encrypted, signed form. */
export async function login(input: LoginInput): Promise<LoginAnswer> {
  // jose loads on submit only, keeping it out of what /login downloads up front.
  const [key, { encryptPayload }] = await Promise.all([getPublicKey(), import('./encrypt.ts')]);
  const signed = await withSignature(SIGN_KEY, { ...input, plat_type: 4, caller: 'web' });
  const data = await encryptPayload(key, signed);
  return callEndpoint(accountEndpoints.login, { body: { data } });
}

/** The login mutation. */
export function useLogin() {
  return useMutation({ mutationFn: login });
}

/** Request signing of api-contract §3 for the web (plat_type 4), shared by every signed call. */
import { withSignature } from '@portal/contracts/sign.ts';

/** Web signing key (api-contract §3); ships in the bundle by design. */
export const SIGN_KEY = import.meta.env.VITE_PORTAL_SIGN_KEY || 'portal-dev-sign-key';

/** `fields` with `timestamp`, `plat_type` 4 and `sign` added (api-contract §3). */
export function signBody<T extends Record<string, unknown>>(fields: T) {
  return withSignature(SIGN_KEY, fields);
}

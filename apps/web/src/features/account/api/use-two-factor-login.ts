/** The second sign-in step (issue 16 §2): POST the login's challenge with a TOTP or recovery code. */
import { securityEndpoints } from '@portal/contracts/endpoints/security.ts';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint.ts';

export type TwoFactorLoginInput = { challenge: string; code?: string; recovery_code?: string };

/** POST /v1/passport/user/login/two_factor → the login answer `{ token, company_status }`. */
export function useTwoFactorLogin() {
  return useMutation({
    mutationFn: (body: TwoFactorLoginInput) => callEndpoint(securityEndpoints.twoFactorLogin, { body }),
  });
}

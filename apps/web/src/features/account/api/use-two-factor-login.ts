/** The second sign-in step (issue 16 §2): POST the login's challenge with a TOTP or recovery code. */
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import type { LoginResult } from './use-login.ts';

export type TwoFactorLoginInput = { challenge: string; code?: string; recovery_code?: string };

/** POST /v1/passport/user/login/two_factor → the login answer `{ token, company_status }`. */
export function useTwoFactorLogin() {
  return useMutation({
    mutationFn: (body: TwoFactorLoginInput) =>
      request<LoginResult>('/v1/passport/user/login/two_factor', { method: 'POST', body }),
  });
}

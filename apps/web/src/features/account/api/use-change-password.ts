/** PUT /api/v1/user/password (session only, not signed): 606 wrong old password; other sessions revoked. */
import type { ChangePasswordBody } from '@portal/contracts/account.ts';
import { accountEndpoints } from '@portal/contracts/endpoints/account.ts';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint.ts';

/** Changes the signed-in user's password. */
export function changePassword(body: ChangePasswordBody): Promise<null> {
  return callEndpoint(accountEndpoints.changePassword, { body });
}

/** The change-password mutation. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

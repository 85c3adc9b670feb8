/** PUT /api/v1/user/password (session only, not signed): 606 wrong old password; other sessions revoked. */
import type { ChangePasswordBody } from '@portal/contracts/account.ts';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

/** Changes the signed-in user's password. */
export function changePassword(body: ChangePasswordBody): Promise<null> {
  return request<null>('/api/v1/user/password', { method: 'PUT', body });
}

/** The change-password mutation. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

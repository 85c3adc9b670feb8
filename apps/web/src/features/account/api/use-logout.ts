/** POST /v1/passport/user/logout, then the local logout of spec §4 whatever the answer. */
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { clearSession } from '@/lib/session.ts';

/** Revokes the session on the server and clears it locally. */
export async function logout(): Promise<void> {
  try {
    await request<unknown>('/v1/passport/user/logout', { method: 'POST', body: {} });
  } finally {
    clearSession();
  }
}

/** The logout mutation. */
export function useLogout() {
  return useMutation({ mutationFn: logout });
}

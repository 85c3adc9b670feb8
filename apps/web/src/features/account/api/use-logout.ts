/** POST /v1/passport/user/logout, then the local logout of spec §4 whatever the answer. */
import { accountEndpoints } from '@portal/contracts/endpoints/account.ts';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint.ts';
import { clearSession } from '@/lib/session.ts';

/** Revokes the session on the server and clears it locally. */
export async function logout(): Promise<void> {
  try {
    await callEndpoint(accountEndpoints.logout);
  } finally {
    clearSession();
  }
}

/** The logout mutation. */
export function useLogout() {
  return useMutation({ mutationFn: logout });
}

/** Two-factor and session endpoints of the account security screen (contracts security.ts). */
import { securityEndpoints } from '@portal/contracts/endpoints/security.ts';
import type { ReauthBody } from '@portal/contracts/security.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint.ts';

const STATUS = ['two-factor'];
const SESSIONS = ['sessions'];

/** GET /v1/account/two_factor. */
export function useTwoFactorStatus() {
  return useQuery({
    queryKey: STATUS,
    queryFn: () => callEndpoint(securityEndpoints.twoFactor),
  });
}

function useRefresh(key: string[]) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: key });
}

/** POST /v1/account/two_factor/enrol with the password: a QR code and the secret for manual entry. */
export function useEnrol() {
  return useMutation({
    mutationFn: (body: ReauthBody) => callEndpoint(securityEndpoints.twoFactorEnrol, { body }),
  });
}

/** POST /v1/account/two_factor/confirm: the ten recovery codes. */
export function useConfirmTwoFactor() {
  const refresh = useRefresh(STATUS);
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => callEndpoint(securityEndpoints.twoFactorConfirm, { body: { code } }),
    // Routes refused with 10031 before enrolment work now: refetch everything.
    onSuccess: () => Promise.all([refresh(), client.invalidateQueries()]),
  });
}

/** POST /v1/account/two_factor/disable. */
export function useDisableTwoFactor() {
  const refresh = useRefresh(STATUS);
  return useMutation({
    mutationFn: (body: { password: string; code: string }) =>
      callEndpoint(securityEndpoints.twoFactorDisable, { body }),
    onSuccess: refresh,
  });
}

/** PUT /v1/account/two_factor/policy (organisation admins). */
export function useTwoFactorPolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (require_two_factor: boolean) =>
      callEndpoint(securityEndpoints.twoFactorPolicy, { body: { require_two_factor } }),
    onSuccess: (status) => client.setQueryData(STATUS, status),
  });
}

/** GET /v1/account/sessions. */
export function useSessions() {
  return useQuery({
    queryKey: SESSIONS,
    queryFn: async () => (await callEndpoint(securityEndpoints.sessions)).list,
  });
}

/** DELETE /v1/account/sessions (one of the caller's). */
export function useSignOutSession() {
  const refresh = useRefresh(SESSIONS);
  return useMutation({
    mutationFn: (id: string) => callEndpoint(securityEndpoints.revokeSession, { body: { id } }),
    onSuccess: refresh,
  });
}

/** POST /v1/account/sessions/others with the password (and a code with two-factor on). */
export function useSignOutOthers() {
  const refresh = useRefresh(SESSIONS);
  return useMutation({
    mutationFn: (body: ReauthBody) => callEndpoint(securityEndpoints.revokeOtherSessions, { body }),
    onSuccess: refresh,
  });
}

/** GET /v1/account/security_events: the caller's latest sign-in events. */
export function useSecurityEvents() {
  return useQuery({
    queryKey: ['security-events'],
    queryFn: async () => (await callEndpoint(securityEndpoints.events)).list,
  });
}

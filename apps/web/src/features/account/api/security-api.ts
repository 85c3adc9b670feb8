/** Two-factor and session endpoints of the account security screen (contracts security.ts). */
import type {
  ReauthBody,
  RecoveryCodesData,
  SecurityEvent,
  SessionItem,
  TwoFactorEnrolment,
  TwoFactorStatus,
} from '@portal/contracts/security.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

const STATUS = ['two-factor'];
const SESSIONS = ['sessions'];

/** GET /v1/account/two_factor. */
export function useTwoFactorStatus() {
  return useQuery({
    queryKey: STATUS,
    queryFn: () => request<TwoFactorStatus>('/v1/account/two_factor'),
  });
}

function useRefresh(key: string[]) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: key });
}

/** POST /v1/account/two_factor/enrol with the password: a QR code and the secret for manual entry. */
export function useEnrol() {
  return useMutation({
    mutationFn: (body: ReauthBody) =>
      request<TwoFactorEnrolment>('/v1/account/two_factor/enrol', { method: 'POST', body }),
  });
}

/** POST /v1/account/two_factor/confirm: the ten recovery codes. */
export function useConfirmTwoFactor() {
  const refresh = useRefresh(STATUS);
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      request<RecoveryCodesData>('/v1/account/two_factor/confirm', { method: 'POST', body: { code } }),
    // Routes refused with 10031 before enrolment work now: refetch everything.
    onSuccess: () => Promise.all([refresh(), client.invalidateQueries()]),
  });
}

/** POST /v1/account/two_factor/disable. */
export function useDisableTwoFactor() {
  const refresh = useRefresh(STATUS);
  return useMutation({
    mutationFn: (body: { password: string; code: string }) =>
      request<null>('/v1/account/two_factor/disable', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

/** PUT /v1/account/two_factor/policy (organisation admins). */
export function useTwoFactorPolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (require_two_factor: boolean) =>
      request<TwoFactorStatus>('/v1/account/two_factor/policy', {
        method: 'PUT',
        body: { require_two_factor },
      }),
    onSuccess: (status) => client.setQueryData(STATUS, status),
  });
}

/** GET /v1/account/sessions. */
export function useSessions() {
  return useQuery({
    queryKey: SESSIONS,
    queryFn: async () => (await request<{ list: SessionItem[] }>('/v1/account/sessions')).list,
  });
}

/** DELETE /v1/account/sessions (one of the caller's). */
export function useSignOutSession() {
  const refresh = useRefresh(SESSIONS);
  return useMutation({
    mutationFn: (id: string) => request<null>('/v1/account/sessions', { method: 'DELETE', body: { id } }),
    onSuccess: refresh,
  });
}

/** POST /v1/account/sessions/others with the password (and a code with two-factor on). */
export function useSignOutOthers() {
  const refresh = useRefresh(SESSIONS);
  return useMutation({
    mutationFn: (body: ReauthBody) =>
      request<{ revoked: number }>('/v1/account/sessions/others', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

/** GET /v1/account/security_events: the caller's latest sign-in events. */
export function useSecurityEvents() {
  return useQuery({
    queryKey: ['security-events'],
    queryFn: async () => (await request<{ list: SecurityEvent[] }>('/v1/account/security_events')).list,
  });
}

/**
 * User and role management endpoints of one organisation (contracts members.ts): the member list, status
 * changes, deletion, the role catalogue, role assignment and the data-permission editor.
 */

import { membersEndpoints } from '@portal/contracts/endpoints/members.ts';
import type { EndpointData } from '@portal/contracts/endpoints.ts';
import type {
  DataPermissionBody,
  MembersQuery,
  UserRolesBody,
  UserStatusBody,
} from '@portal/contracts/members.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint.ts';

export type MembersListPage = EndpointData<typeof membersEndpoints.list>;
export type RoleEntry = EndpointData<typeof membersEndpoints.roles>[number];
export type UsersFilter = Partial<Pick<MembersQuery, 'status' | 'email'>> & {
  page_no: number;
  page_size: number;
};

/** GET /v1/company/users. */
export function fetchUsers(filter: UsersFilter): Promise<MembersListPage> {
  return callEndpoint(membersEndpoints.list, { query: filter });
}

/** The member list query (keeps the previous page while the next loads). */
export function useUsers(filter: UsersFilter) {
  return useQuery({
    queryKey: ['members', filter],
    queryFn: () => fetchUsers(filter),
    placeholderData: keepPreviousData,
  });
}

/** GET /v1/company/roles: 70 shown, 67 and 68 assignable. */
export function useRoles() {
  return useQuery({
    queryKey: ['member-roles'],
    queryFn: () => callEndpoint(membersEndpoints.roles),
    staleTime: 10 * 60_000,
  });
}

function useInvalidateUsers() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['members'] });
}

/** PUT /v1/company/users/status: approve (3→1), inactivate (1→2), reactivate (2→1). */
export function useSetUserStatus() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: UserStatusBody) => callEndpoint(membersEndpoints.setStatus, { body }),
    onSuccess: invalidate,
  });
}

/** DELETE /v1/company/users { user_id }: status −1 (rejects an application). */
export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (userId: number) => callEndpoint(membersEndpoints.remove, { body: { user_id: userId } }),
    onSuccess: invalidate,
  });
}

/** PUT /v1/company/users/roles: exactly [67] or [68]. */
export function useSetUserRole() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: UserRolesBody) => callEndpoint(membersEndpoints.setRoles, { body }),
    onSuccess: invalidate,
  });
}

/** GET /v1/company/users/data_permission?user_id: granted entries and the grantable options. */
export function useDataPermissions(userId: number | null) {
  return useQuery({
    queryKey: ['data-permission', userId],
    queryFn: () => callEndpoint(membersEndpoints.dataPermission, { query: { user_id: userId } }),
    enabled: userId !== null,
  });
}

/** PUT /v1/company/users/data_permission: replaces the member's permissions. */
export function useSaveDataPermissions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DataPermissionBody) => callEndpoint(membersEndpoints.setDataPermission, { body }),
    onSuccess: (data) => client.setQueryData(['data-permission', data.user_id], data),
  });
}

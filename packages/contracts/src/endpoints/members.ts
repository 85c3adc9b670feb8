/**
 * Endpoints of members (server: modules/members/routes.ts).
 */

import { z } from 'zod';
import {
  dataPermissionBody,
  dataPermissionEditor,
  memberItem,
  membersData,
  membersQuery,
  roleCatalogue,
  userIdBody,
  userIdQuery,
  userRolesBody,
  userStatusBody,
} from '../members.ts';
import { defineEndpoint } from './define.ts';

export const membersEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/v1/company/users',
    caller: 'session',
    query: membersQuery,
    data: membersData,
  }),
  setStatus: defineEndpoint({
    method: 'PUT',
    path: '/v1/company/users/status',
    caller: 'session',
    body: userStatusBody,
    data: memberItem,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/v1/company/users',
    caller: 'session',
    body: userIdBody,
    data: z.null(),
  }),
  roles: defineEndpoint({
    method: 'GET',
    path: '/v1/company/roles',
    caller: 'session',
    data: roleCatalogue,
  }),
  setRoles: defineEndpoint({
    method: 'PUT',
    path: '/v1/company/users/roles',
    caller: 'session',
    body: userRolesBody,
    data: memberItem,
  }),
  dataPermission: defineEndpoint({
    method: 'GET',
    path: '/v1/company/users/data_permission',
    caller: 'session',
    query: userIdQuery,
    data: dataPermissionEditor,
  }),
  setDataPermission: defineEndpoint({
    method: 'PUT',
    path: '/v1/company/users/data_permission',
    caller: 'session',
    body: dataPermissionBody,
    data: dataPermissionEditor,
  }),
};

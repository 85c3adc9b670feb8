/**
 * Endpoints of security (server: modules/api-keys/routes.ts, modules/audit/routes.ts, modules/sessions/routes.ts, modules/two-factor/routes.ts).
 */

import { z } from 'zod';
import { loginData } from '../account.ts';
import {
  apiKeyCreateBody,
  apiKeyCreated,
  apiKeyIdBody,
  apiKeyList,
  auditList,
  auditQuery,
  reauthBody,
  recoveryCodesData,
  revokedSessions,
  securityEventList,
  sessionList,
  sessionRevokeBody,
  twoFactorCodeBody,
  twoFactorDisableBody,
  twoFactorEnrolment,
  twoFactorLoginBody,
  twoFactorPolicyBody,
  twoFactorStatus,
} from '../security.ts';
import { defineEndpoint } from './define.ts';

export const securityEndpoints = {
  apiKeys: defineEndpoint({
    method: 'GET',
    path: '/v1/account/api_keys',
    caller: 'session',
    data: apiKeyList,
  }),
  createApiKey: defineEndpoint({
    method: 'POST',
    path: '/v1/account/api_keys',
    caller: 'session',
    body: apiKeyCreateBody,
    data: apiKeyCreated,
  }),
  revokeApiKey: defineEndpoint({
    method: 'DELETE',
    path: '/v1/account/api_keys',
    caller: 'session',
    body: apiKeyIdBody,
    data: z.null(),
  }),
  twoFactor: defineEndpoint({
    method: 'GET',
    path: '/v1/account/two_factor',
    caller: 'session',
    data: twoFactorStatus,
  }),
  twoFactorEnrol: defineEndpoint({
    method: 'POST',
    path: '/v1/account/two_factor/enrol',
    caller: 'session',
    body: reauthBody,
    data: twoFactorEnrolment,
  }),
  twoFactorConfirm: defineEndpoint({
    method: 'POST',
    path: '/v1/account/two_factor/confirm',
    caller: 'session',
    body: twoFactorCodeBody,
    data: recoveryCodesData,
  }),
  twoFactorDisable: defineEndpoint({
    method: 'POST',
    path: '/v1/account/two_factor/disable',
    caller: 'session',
    body: twoFactorDisableBody,
    data: z.null(),
  }),
  twoFactorPolicy: defineEndpoint({
    method: 'PUT',
    path: '/v1/account/two_factor/policy',
    caller: 'session',
    body: twoFactorPolicyBody,
    data: twoFactorStatus,
  }),
  twoFactorLogin: defineEndpoint({
    method: 'POST',
    path: '/v1/passport/user/login/two_factor',
    caller: 'public',
    body: twoFactorLoginBody,
    data: loginData,
  }),
  sessions: defineEndpoint({
    method: 'GET',
    path: '/v1/account/sessions',
    caller: 'session',
    data: sessionList,
  }),
  events: defineEndpoint({
    method: 'GET',
    path: '/v1/account/security_events',
    caller: 'session',
    data: securityEventList,
  }),
  revokeSession: defineEndpoint({
    method: 'DELETE',
    path: '/v1/account/sessions',
    caller: 'session',
    body: sessionRevokeBody,
    data: z.null(),
  }),
  revokeOtherSessions: defineEndpoint({
    method: 'POST',
    path: '/v1/account/sessions/others',
    caller: 'session',
    body: reauthBody,
    data: revokedSessions,
  }),
  auditList: defineEndpoint({
    method: 'GET',
    path: '/v1/audit/list',
    caller: 'session',
    query: auditQuery,
    data: auditList,
  }),
  auditExport: defineEndpoint({
    method: 'GET',
    path: '/v1/audit/export',
    caller: 'session',
    query: auditQuery,
    answer: 'file',
  }),
};

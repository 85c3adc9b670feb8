/**
 * Endpoints of organisation (server: modules/organisation/routes.ts).
 */
import {
  accountSignupBody,
  accountSignupData,
  addOptPermissionBody,
  addOptPermissionData,
  bindAccountBody,
  bindAccountData,
  companySignupBody,
  companySignupData,
} from '../organisation.ts';
import { defineEndpoint } from './define.ts';

export const organisationEndpoints = {
  companySignup: defineEndpoint({
    method: 'POST',
    path: '/v1/passport/company/signup',
    caller: 'session',
    body: companySignupBody,
    data: companySignupData,
  }),
  accountSignup: defineEndpoint({
    method: 'POST',
    path: '/v1/passport/account/signup',
    caller: 'session',
    body: accountSignupBody,
    data: accountSignupData,
  }),
  bindAccount: defineEndpoint({
    method: 'POST',
    path: '/v1/passport/user/bind_account',
    caller: 'session',
    body: bindAccountBody,
    data: bindAccountData,
  }),
  addOptPermission: defineEndpoint({
    method: 'POST',
    path: '/v1/permission/user/add_opt_permission',
    caller: 'session',
    body: addOptPermissionBody,
    data: addOptPermissionData,
  }),
};

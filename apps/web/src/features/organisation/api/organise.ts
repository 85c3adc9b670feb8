/**
 * Create or join an organisation (spec §4, api-contract §3 and §6). Every call is signed (withSignature)
 * and sent with the session token. bind_account rotates the session, so its `new_token` is stored
 * before add_opt_permission, which then only confirms the role the server granted.
 *
 * The create flow remembers how far it got: a retry after a failure resumes at the failed step
 * instead of signing up a second company.
 */

import type { UserInfo } from '@portal/contracts/account.ts';
import { Role } from '@portal/contracts/constants.ts';
import { accountEndpoints } from '@portal/contracts/endpoints/account.ts';
import { organisationEndpoints } from '@portal/contracts/endpoints/organisation.ts';
import type { EndpointData } from '@portal/contracts/endpoints.ts';
import type { BindAccountData } from '@portal/contracts/organisation.ts';
import { callEndpoint, callEndpointUnchecked } from '@/lib/call-endpoint.ts';
import { setToken } from '@/lib/session.ts';
import { signBody } from '@/lib/signing.ts';

/** The organisation entries, each a POST of signed fields. */
type SignedEndpoint = (typeof organisationEndpoints)[keyof typeof organisationEndpoints];

/** POSTs `fields` signed (withSignature) to `endpoint`; answers its data. */
async function post<E extends SignedEndpoint>(
  endpoint: E,
  fields: Record<string, unknown>,
): Promise<EndpointData<E>> {
  // the signed body is the fields plus timestamp and sign, which the entry's body schema checks
  return callEndpointUnchecked(endpoint, { body: await signBody(fields) });
}

/** POST /v1/passport/company/signup → the new company's id (a publisher company). */
export async function signupCompany(companyName: string): Promise<number> {
  const data = await post(organisationEndpoints.companySignup, {
    is_publisher: 1,
    company_name: companyName,
  });
  return data.company_id;
}

/** POST /v1/passport/account/signup → the new account's id. */
export async function signupAccount(accountName: string, companyId: number): Promise<number> {
  const data = await post(organisationEndpoints.accountSignup, {
    account_name: accountName,
    company_id: companyId,
  });
  return data.account_id;
}

export type BindInput =
  | { bind_type: 1; email: string; reason?: string }
  | { bind_type: 2; account_id: number; reason?: string };

/** POST /v1/passport/user/bind_account; stores the rotated session token it answers. */
export async function bindAccount(input: BindInput): Promise<BindAccountData> {
  const data = await post(organisationEndpoints.bindAccount, input);
  setToken(data.new_token);
  return data;
}

/** POST /v1/permission/user/add_opt_permission for `userId` in `accountId`. */
export function addOptPermission(accountId: number, userId: number, roleId: number): Promise<unknown> {
  return post(organisationEndpoints.addOptPermission, {
    account_id: accountId,
    user_id: userId,
    role_ids: [roleId],
  });
}

/** Progress of a create flow, kept by the caller between attempts. */
export type CreateProgress = { companyId?: number; accountId?: number; bound?: BindAccountData };

/**
 * Create: company signup → account signup → bind_account → add_opt_permission (67 for the first
 * joiner, which the creator is). Updates `progress` after each step. Resolves with the bind answer.
 */
export async function createOrganisation(
  name: string,
  userId: number,
  progress: CreateProgress,
): Promise<BindAccountData> {
  progress.companyId ??= await signupCompany(name);
  progress.accountId ??= await signupAccount(name, progress.companyId);
  progress.bound ??= await bindAccount({ bind_type: 2, account_id: progress.accountId });
  const bound = progress.bound;
  await addOptPermission(bound.account_id, userId, bound.is_first_join ? Role.ADMIN : Role.MEMBER);
  return bound;
}

/**
 * Join: bind_account by Super Email (1) or Account ID (2) with a reason → add_opt_permission 68.
 * `progress.bound` keeps a successful bind so a retry only repeats add_opt_permission.
 */
export async function joinOrganisation(
  input: BindInput,
  userId: number,
  progress: CreateProgress,
): Promise<BindAccountData> {
  progress.bound ??= await bindAccount(input);
  const bound = progress.bound;
  await addOptPermission(bound.account_id, userId, bound.is_first_join ? Role.ADMIN : Role.MEMBER);
  return bound;
}

/** GET /api/v1/user/user_info with the current (rotated) token: the user's fresh info. */
export async function fetchFreshUserInfo(): Promise<UserInfo> {
  // the contract answers a one-element list (spec §3: data[0])
  const [info] = await callEndpoint(accountEndpoints.userInfo);
  if (!info) throw new Error('user_info answered no user');
  return info;
}

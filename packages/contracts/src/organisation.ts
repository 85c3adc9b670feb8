/**
 * Organise flows (spec §2 Organize, §4 Create/Join organisation, §7, api-contract §3 and §6). Every
 * body here is plain JSON (not encrypted), signed per api-contract §3 (`timestamp`, `plat_type` 4,
 * `sign` over all other fields) and sent with the session header `token`.
 *
 * Create: company/signup → account/signup → bind_account (bind_type 2 with the new account_id; the
 * creator is the first joiner: status 1, role 67) → add_opt_permission [67] → home.
 * Join: bind_account (bind_type 1 with a super admin's email, or 2 with an account id, and a reason)
 * → status 3 (application, role 68) → add_opt_permission [68] → home shows the pending application
 * until a role-67 admin approves it on the users page.
 *
 * Common answers: 603/20003/20005 session; 10003 sign or timestamp; 604 field errors;
 * 402 when the caller already belongs to an organisation (also while its application is pending) or
 * the rules below are not met.
 */
import { z } from 'zod';
import { cleanName } from './text-rules.ts';

const signed = {
  timestamp: z.number().int(),
  plat_type: z.number().int(),
  sign: z.string().min(1).max(128),
};

/**
 * `POST /v1/passport/company/signup`. `is_publisher` 1 publisher, 0 not. A publisher company starts
 * with cooperation type 1 (SDK). The caller becomes the company's creator, the only user who may sign
 * up an account under it. 402 when the caller already belongs to an organisation.
 */
export const companySignupBody = z.object({
  is_publisher: z.union([z.literal(0), z.literal(1)]),
  company_name: cleanName(100),
  ...signed,
});
export type CompanySignupBody = z.infer<typeof companySignupBody>;
export const companySignupData = z.object({ company_id: z.number().int() });

/**
 * `POST /v1/passport/account/signup`: an account under a company the caller created. 402 when the
 * company was created by someone else (or does not exist) or the caller already belongs to an
 * organisation.
 */
export const accountSignupBody = z.object({
  account_name: cleanName(100),
  company_id: z.number().int().positive(),
  ...signed,
});
export type AccountSignupBody = z.infer<typeof accountSignupBody>;
export const accountSignupData = z.object({ account_id: z.number().int() });

/** Join methods of `bind_account` (spec §9): 1 Super Email, 2 Account ID. */
export const BindType = { SUPER_EMAIL: 1, ACCOUNT_ID: 2 } as const;

/**
 * `POST /v1/passport/user/bind_account`. bind_type 1 needs `email` (an active role-67 admin of the
 * account to join), bind_type 2 needs `account_id`; `reason` (≤ 500) is required unless the caller is
 * the account's first joiner. Rules (api-contract §6):
 * - an account nobody has joined yet may be joined only by its creator, who becomes an active member
 *   (status 1) with role 67 (`is_first_join` true); anyone else answers 402;
 * - later joiners become applicants (status 3) with role 68 (`is_first_join` false);
 * - 402 when the caller already belongs to an organisation; 10022 when the email is no active super
 *   admin's; 10023 when no account has the id.
 * The server grants the role itself; `add_opt_permission` afterwards only confirms it.
 * Answers a new session token (`new_token`); the caller's previous token is revoked (20003).
 */
export const bindAccountBody = z.object({
  bind_type: z.union([z.literal(1), z.literal(2)]),
  account_id: z.number().int().positive().optional(),
  email: z.string().trim().max(254).optional(),
  reason: z.string().trim().max(500).optional(),
  ...signed,
});
export type BindAccountBody = z.infer<typeof bindAccountBody>;
export const bindAccountData = z.object({
  new_token: z.string(),
  account_id: z.number().int(),
  is_first_join: z.boolean(),
});
export type BindAccountData = z.infer<typeof bindAccountData>;

/**
 * `POST /v1/permission/user/add_opt_permission`. Roles are granted by the server's rules, never by
 * the caller's choice (api-contract §6); anything else answers 402 and changes nothing:
 * - 67: only for oneself, as the creator and first joiner of `account_id`;
 * - 68: for oneself as a later joiner of `account_id`, or by an active role-67 admin of `account_id`
 *   for a user of that account;
 * - 70: never.
 * Granting a role already held is a no-op. Answers the user's role ids after the call.
 */
export const addOptPermissionBody = z.object({
  account_id: z.number().int().positive(),
  user_id: z.number().int().positive(),
  role_ids: z.array(z.number().int()).min(1).max(3),
  ...signed,
});
export type AddOptPermissionBody = z.infer<typeof addOptPermissionBody>;
export const addOptPermissionData = z.object({
  user_id: z.number().int(),
  role_ids: z.array(z.number().int()),
});

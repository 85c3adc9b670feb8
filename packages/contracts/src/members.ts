/**
 * User and role management of one organisation (spec §2 users page, §3 user statuses, §6 roles and
 * data permissions). Every route needs a session of an active member holding role 67 (super admin)
 * or 70 (operations) in the SAME organisation (company) as the users it reads or changes; anyone else
 * answers 402. Operations staff manage their own organisation here, not others. Users of another
 * organisation answer 402 as well (never 10008, so ids cannot be probed).
 *
 * Routes:
 * - `GET    /v1/company/users`                  query `membersQuery` → `membersData`
 * - `PUT    /v1/company/users/status`           body `userStatusBody` → `memberItem`
 * - `DELETE /v1/company/users`                  body `userIdBody` → `null`
 * - `GET    /v1/company/roles`                  → `roleCatalogue`
 * - `PUT    /v1/company/users/roles`            body `userRolesBody` → `memberItem`
 * - `GET    /v1/company/users/data_permission`  query `userIdQuery` → `dataPermissionEditor`
 * - `PUT    /v1/company/users/data_permission`  body `dataPermissionBody` → `dataPermissionEditor`
 */
import { z } from 'zod';

/** A member of the organisation as the users page shows it. */
export const memberItem = z.object({
  user_id: z.number().int(),
  email: z.string(),
  name: z.string(),
  user_name: z.string(),
  /** 1 activated, 2 inactivated, 3 new application, -1 deleted (spec §3). */
  status: z.number().int(),
  /** Role ids held (70, 67, 68). */
  role_ids: z.array(z.number().int()),
  /** Reason given when applying to join; null otherwise. */
  join_reason: z.string().nullable(),
  /** ISO 8601 UTC. */
  created_at: z.string(),
});
export type MemberItem = z.infer<typeof memberItem>;

/**
 * Query of the user list. `status` filters one status (deleted users only when asked for with -1);
 * `email` is a case-insensitive substring. Ordered by user id. `page_size` 1–100, default 10.
 */
export const membersQuery = z.object({
  page_no: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
  status: z.coerce
    .number()
    .int()
    .refine((s) => [1, 2, 3, -1].includes(s), 'status must be 1, 2, 3 or -1')
    .optional(),
  email: z.string().trim().max(254).optional(),
});
export type MembersQuery = z.infer<typeof membersQuery>;
export const membersData = z.object({ list: z.array(memberItem), total: z.number().int() });

/**
 * Status change. Allowed transitions: 3 → 1 (approve an application), 1 → 2 (inactivate: every
 * session of the user revoked, their next call answers 20005), 2 → 1 (reactivate). Anything else,
 * and any change of one's own status, answers 10007. Deleting is `DELETE /v1/company/users`.
 */
export const userStatusBody = z.object({
  user_id: z.number().int().positive(),
  status: z.union([z.literal(1), z.literal(2)]),
});
export type UserStatusBody = z.infer<typeof userStatusBody>;

/**
 * Delete a member (status -1 from 1, 2 or 3; for an application this rejects it): sessions revoked,
 * roles and data permissions removed. Deleting oneself or an already deleted user answers 10007.
 */
export const userIdBody = z.object({ user_id: z.number().int().positive() });
export const userIdQuery = z.object({ user_id: z.coerce.number().int().positive() });

/** A role of the catalogue: `assignable` tells whether the roles page may grant or remove it. */
export const roleEntry = z.object({ id: z.number().int(), name: z.string(), assignable: z.boolean() });
/** `GET /v1/company/roles`: 70 (shown, never assignable here), 67 and 68; names in the caller's language. */
export const roleCatalogue = z.array(roleEntry);

/**
 * Set a member's organisation role: `role_ids` exactly `[67]` or `[68]`. A role 70 the user holds
 * stays. Only active members (status 1). 10007 when the change would leave the organisation without an
 * active role-67 admin, or the user is not active.
 */
export const userRolesBody = z.object({
  user_id: z.number().int().positive(),
  role_ids: z.tuple([z.union([z.literal(67), z.literal(68)])]),
});
export type UserRolesBody = z.infer<typeof userRolesBody>;

/** One data permission: type 3 SDK app key, 4 RTB channel, 5 affiliate channel (spec §6). */
export const dataPermissionEntry = z.object({
  type: z.union([z.literal(3), z.literal(4), z.literal(5)]),
  /** The app key (type 3) or channel name (4, 5). */
  rule: z.string(),
  /** Display name: the app name for type 3, the channel for 4 and 5. */
  name: z.string(),
});
export type DataPermissionEntry = z.infer<typeof dataPermissionEntry>;

/**
 * The data-permission editor of one member: what it has (`granted`) and what may be granted
 * (`options`): type 3 the organisation's apps that are not deleted (rule = app_key), types 4 and 5
 * the organisation's channel list (company_channels). Reports apply a change on the member's next
 * request.
 */
export const dataPermissionEditor = z.object({
  user_id: z.number().int(),
  granted: z.array(dataPermissionEntry),
  options: z.array(dataPermissionEntry),
});
export type DataPermissionEditor = z.infer<typeof dataPermissionEditor>;

/**
 * Replace a member's data permissions with `permissions` (may be empty). Each `{ type, rule }` must be
 * one of the editor's `options`, else 604 with field `permissions.<i>.rule`; nothing is changed then.
 */
export const dataPermissionBody = z.object({
  user_id: z.number().int().positive(),
  permissions: z
    .array(
      z.object({
        type: z.union([z.literal(3), z.literal(4), z.literal(5)]),
        rule: z.string().min(1).max(200),
      }),
    )
    .max(1000),
});
export type DataPermissionBody = z.infer<typeof dataPermissionBody>;

/**
 * `user_info` data (spec §3 User info): the caller with roles (opt_permission), data permissions,
 * organisation and its cooperation types, read fresh from the store.
 */

import type { UserInfo } from '@portal/contracts/account.ts';
import type { Lang } from '@portal/contracts/codes.ts';
import { Role } from '@portal/contracts/constants.ts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companies } from '../../db/schema/organisations.ts';
import { dataPermissions, users } from '../../db/schema/users.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { companyStatusOf } from './login.ts';

/** Display names of the roles (spec §6). */
export const roleNames: Record<number, Record<Lang, string>> = {
  [Role.OPS]: { zh: '运营', en: 'Operations' },
  [Role.ADMIN]: { zh: '超级管理员', en: 'Super admin' },
  [Role.MEMBER]: { zh: '成员', en: 'Member' },
};

/** Loads the user_info of a signed-in user. */
export async function loadAccountInfo(
  app: FastifyInstance,
  user: SessionUser,
  lang: Lang,
): Promise<UserInfo> {
  const [row] = await app.db.select().from(users).where(eq(users.id, user.userId)).limit(1);
  if (!row) throw new Error(`user ${user.userId} vanished`);
  const company =
    row.company_id === null
      ? undefined
      : (await app.db.select().from(companies).where(eq(companies.id, row.company_id)).limit(1))[0];
  const perms = await app.db
    .select()
    .from(dataPermissions)
    .where(eq(dataPermissions.user_id, row.id))
    .orderBy(dataPermissions.id);
  return {
    user_id: row.id,
    email: row.email,
    user_name: row.user_name,
    name: row.name,
    status: row.status,
    company_id: row.company_id,
    company_name: company?.company_name ?? null,
    company_status: companyStatusOf(row),
    account_id: row.account_id,
    opt_permission: user.roles.map((id) => ({
      role_info: { id, name: roleNames[id]?.[lang] ?? String(id) },
    })),
    data_permission: perms.map((p) => ({ permission_info: { type: p.type, name: p.name, rule: p.rule } })),
    cooperation_types: company?.cooperation_types ?? [],
    timezone: row.timezone ?? null,
    network_timezone: app.config.reportTimezone,
  };
}

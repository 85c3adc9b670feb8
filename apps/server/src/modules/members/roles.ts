/**
 * Role management of an organisation (spec §6; contracts members.ts): the catalogue (70 shown, never
 * assignable here; 67 and 68 assignable) and setting a member's organisation role to exactly 67 or
 * 68. An existing super admin may promote or demote members of its own organisation; the
 * api-contract §6 rule "67 only to the creator or first joiner" governs self-service grants
 * (add_opt_permission), not this admin action. Refusals, in this order: one's own role (10024); a
 * member who is not active (10007); demoting the organisation's owner (10026, api-contract §10);
 * demoting a co-admin by anyone but the owner (10027); leaving no active role-67 admin (10025).
 * A role 70 the user holds stays.
 */
import { Code, type Lang } from '@portal/contracts/codes.ts';
import { Role, UserStatus } from '@portal/contracts/constants.ts';
import type { MemberItem, UserRolesBody } from '@portal/contracts/members.ts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { userRoles } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { roleNames } from '../account/account-info.ts';
import { recordAudit } from '../audit/audit.ts';
import { notify } from '../notifications/notify.ts';
import { lockCompanyMembers, managedCompany, memberOf, otherActiveAdmins, ownerOf } from './access.ts';
import { toMemberItem } from './members.ts';

/** The role catalogue in `lang`. */
export function roleCatalogue(lang: Lang) {
  return [Role.OPS, Role.ADMIN, Role.MEMBER].map((id) => ({
    id,
    name: roleNames[id]?.[lang] ?? String(id),
    assignable: id !== Role.OPS,
  }));
}

/** Sets the member's organisation role; answers the member afterwards. */
export async function setMemberRole(
  app: FastifyInstance,
  caller: SessionUser,
  body: UserRolesBody,
): Promise<MemberItem> {
  const companyId = managedCompany(caller);
  const target = await memberOf(app.db, companyId, body.user_id);
  if (target.id === caller.userId) throw new AppError(Code.OWN_ROLE);
  if (target.status !== UserStatus.ACTIVE) throw new AppError(10007);
  const [role] = body.role_ids;
  await app.db.transaction(async (tx) => {
    await lockCompanyMembers(tx, companyId);
    if (role !== Role.ADMIN && target.roleIds.includes(Role.ADMIN)) {
      const owner = await ownerOf(tx, companyId);
      if (owner === target.id) throw new AppError(Code.OWNER_PROTECTED);
      if (owner !== null && owner !== caller.userId) throw new AppError(Code.OWNER_ONLY_DEMOTES);
      if ((await otherActiveAdmins(tx, companyId, target.id)) === 0) throw new AppError(Code.LAST_ADMIN);
    }
    await tx
      .delete(userRoles)
      .where(and(eq(userRoles.user_id, target.id), inArray(userRoles.role_id, [Role.ADMIN, Role.MEMBER])));
    await tx.insert(userRoles).values({ user_id: target.id, role_id: role });
    if (!target.roleIds.includes(role)) {
      await notify(tx, {
        kind: 'role_changed',
        to: { userId: target.id },
        params: { role_id: role },
        now: app.now(),
      });
    }
    await recordAudit(
      tx,
      {
        actorId: caller.userId,
        companyId,
        objectType: 'role',
        objectId: target.id,
        action: 'set',
        before: { role_ids: target.roleIds },
        after: { role_ids: [...target.roleIds.filter((r) => r === Role.OPS), role].sort((a, b) => a - b) },
      },
      app.now(),
    );
  });
  const roleIds = [...target.roleIds.filter((r) => r === Role.OPS), role].sort((a, b) => a - b);
  return toMemberItem({ ...target, roleIds });
}

/**
 * `add_opt_permission` (spec §7, api-contract §6): roles are granted by the server's rules, never by
 * the caller's choice. Allowed, and otherwise 402 with nothing changed:
 * - 67 for oneself, as the creator (and so first joiner) of `account_id`, an active member of it;
 * - 68 for oneself as a later joiner of `account_id` (active or pending);
 * - 68 by an active role-67 admin of `account_id` for another active or pending user of that account
 *   who is not a super admin;
 * - 70 never.
 * Already held roles are kept (idempotent). Answers the target's role ids afterwards.
 */
import { Role, UserStatus } from '@portal/contracts/constants.ts';
import type { AddOptPermissionBody } from '@portal/contracts/organisation.ts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accounts } from '../../db/schema/organisations.ts';
import { userRoles, users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { recordAudit } from '../audit/audit.ts';

/** Grants `body.role_ids` to `body.user_id` if the rules allow every one of them. */
export async function addOptPermission(
  app: FastifyInstance,
  caller: SessionUser,
  body: AddOptPermissionBody,
): Promise<{ user_id: number; role_ids: number[] }> {
  const roleIds = [...new Set(body.role_ids)];
  const [account] = await app.db.select().from(accounts).where(eq(accounts.id, body.account_id)).limit(1);
  const [target] = await app.db.select().from(users).where(eq(users.id, body.user_id)).limit(1);
  if (!account || !target || target.account_id !== account.id) throw new AppError(402);
  const targetRoles = (
    await app.db
      .select({ role_id: userRoles.role_id })
      .from(userRoles)
      .where(eq(userRoles.user_id, target.id))
  ).map((r) => r.role_id);
  const self = target.id === caller.userId;
  const isCreator = account.created_by === caller.userId;
  const callerIsAdminHere =
    caller.accountId === account.id &&
    caller.status === UserStatus.ACTIVE &&
    caller.roles.includes(Role.ADMIN);
  const targetLive = target.status === UserStatus.ACTIVE || target.status === UserStatus.APPLICATION;

  const allowed = (role: number): boolean => {
    if (role === Role.ADMIN) return self && isCreator && target.status === UserStatus.ACTIVE;
    if (role === Role.MEMBER) {
      if (self) return !isCreator && targetLive;
      return callerIsAdminHere && targetLive && !targetRoles.includes(Role.ADMIN);
    }
    return false;
  };
  if (!roleIds.every(allowed)) throw new AppError(402);
  await app.db.transaction(async (tx) => {
    await tx
      .insert(userRoles)
      .values(roleIds.map((role_id) => ({ user_id: target.id, role_id })))
      .onConflictDoNothing();
    await recordAudit(
      tx,
      {
        actorId: caller.userId,
        companyId: account.company_id,
        objectType: 'role',
        objectId: target.id,
        action: 'grant',
        before: { role_ids: targetRoles },
        after: { role_ids: [...new Set([...targetRoles, ...roleIds])].sort((a, b) => a - b) },
      },
      app.now(),
    );
  });
  const after = await app.db
    .select({ role_id: userRoles.role_id })
    .from(userRoles)
    .where(eq(userRoles.user_id, target.id));
  return { user_id: target.id, role_ids: after.map((r) => r.role_id).sort((a, b) => a - b) };
}

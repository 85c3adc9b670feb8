/**
 * Members of an organisation (spec §2 users page, §3 statuses; contracts members.ts): list, status
 * changes and deletion. Allowed status transitions: 3 → 1 approve, 1 → 2 inactivate, 2 → 1
 * reactivate; deletion (→ -1) from 1, 2 or 3. Anything else, and any change to oneself, is 10007.
 * The organisation's owner cannot be inactivated or deleted (10026, api-contract §10), and a change
 * that would leave the organisation without an active role-67 admin answers 10025. Inactivating or
 * deleting revokes the user's sessions with that reason, so their next call answers 20005; deletion
 * also removes the user's roles and data permissions. Each change runs in one transaction and only
 * applies if the status is still the one read (a concurrent change answers 10007).
 */
import { Code } from '@portal/contracts/codes.ts';
import { Role, UserStatus } from '@portal/contracts/constants.ts';
import type { MemberItem, MembersQuery, UserStatusBody } from '@portal/contracts/members.ts';
import { and, asc, eq, ilike, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { dataPermissions, userRoles, users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { revokeUserSessions } from '../../plugins/session-store.ts';
import { recordAudit } from '../audit/audit.ts';
import { notify } from '../notifications/notify.ts';
import {
  lockCompanyMembers,
  type Member,
  managedCompany,
  memberOf,
  otherActiveAdmins,
  ownerOf,
  rolesOf,
} from './access.ts';

const TRANSITIONS: Record<number, number[]> = {
  [UserStatus.APPLICATION]: [UserStatus.ACTIVE],
  [UserStatus.ACTIVE]: [UserStatus.INACTIVE],
  [UserStatus.INACTIVE]: [UserStatus.ACTIVE],
};

/** The wire shape of a member. */
export function toMemberItem(row: Member): MemberItem {
  return {
    user_id: row.id,
    email: row.email,
    name: row.name,
    user_name: row.user_name,
    status: row.status,
    role_ids: row.roleIds,
    join_reason: row.join_reason,
    created_at: row.created_at.toISOString(),
  };
}

/** One page of the caller's organisation's users (deleted ones only when asked for with status -1). */
export async function listMembers(
  app: FastifyInstance,
  caller: SessionUser,
  query: MembersQuery,
): Promise<{ list: MemberItem[]; total: number }> {
  const companyId = managedCompany(caller);
  const conds: SQL[] = [eq(users.company_id, companyId)];
  conds.push(
    query.status === undefined ? ne(users.status, UserStatus.DELETED) : eq(users.status, query.status),
  );
  if (query.email) {
    const escaped = query.email.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
    conds.push(ilike(users.email, `%${escaped}%`));
  }
  const where = and(...conds);
  const [count] = await app.db.select({ n: sql<number>`count(*)::int` }).from(users).where(where);
  const rows = await app.db
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(users.id))
    .limit(query.page_size)
    .offset((query.page_no - 1) * query.page_size);
  const roles = await rolesOf(
    app.db,
    rows.map((r) => r.id),
  );
  return {
    list: rows.map((r) => toMemberItem({ ...r, roleIds: roles.get(r.id) ?? [] })),
    total: count?.n ?? 0,
  };
}

/** Approves, inactivates or reactivates a member; answers the member afterwards. */
export async function changeStatus(
  app: FastifyInstance,
  caller: SessionUser,
  body: UserStatusBody,
): Promise<MemberItem> {
  const companyId = managedCompany(caller);
  const target = await memberOf(app.db, companyId, body.user_id);
  if (target.id === caller.userId) throw new AppError(10007);
  if (!(TRANSITIONS[target.status] ?? []).includes(body.status)) throw new AppError(10007);
  const now = app.now();
  await app.db.transaction(async (tx) => {
    await lockCompanyMembers(tx, companyId);
    if (body.status === UserStatus.INACTIVE) {
      if ((await ownerOf(tx, companyId)) === target.id) throw new AppError(Code.OWNER_PROTECTED);
      if (target.roleIds.includes(Role.ADMIN) && (await otherActiveAdmins(tx, companyId, target.id)) === 0)
        throw new AppError(Code.LAST_ADMIN);
    }
    const changed = await tx
      .update(users)
      .set({ status: body.status, updated_at: now })
      .where(and(eq(users.id, target.id), eq(users.status, target.status)))
      .returning({ id: users.id });
    if (changed.length !== 1) throw new AppError(10007);
    if (body.status === UserStatus.INACTIVE) await revokeUserSessions(tx, target.id, now, 'inactivated');
    if (target.status === UserStatus.APPLICATION && body.status === UserStatus.ACTIVE) {
      await notify(tx, {
        kind: 'member_joined',
        to: { companyId, actorId: caller.userId },
        params: { user_id: target.id, user_name: target.name, email: target.email },
        now,
      });
    }
    await recordAudit(
      tx,
      {
        actorId: caller.userId,
        companyId,
        objectType: 'member',
        objectId: target.id,
        action: 'status',
        before: { status: target.status },
        after: { status: body.status },
      },
      now,
    );
  });
  return toMemberItem({ ...target, status: body.status });
}

/** Deletes a member (status -1): sessions revoked, roles and data permissions removed. */
export async function deleteMember(app: FastifyInstance, caller: SessionUser, userId: number): Promise<void> {
  const companyId = managedCompany(caller);
  const target = await memberOf(app.db, companyId, userId);
  if (target.id === caller.userId || target.status === UserStatus.DELETED) throw new AppError(10007);
  const now = app.now();
  await app.db.transaction(async (tx) => {
    await lockCompanyMembers(tx, companyId);
    if ((await ownerOf(tx, companyId)) === target.id) throw new AppError(Code.OWNER_PROTECTED);
    if (target.roleIds.includes(Role.ADMIN) && (await otherActiveAdmins(tx, companyId, target.id)) === 0) {
      throw new AppError(Code.LAST_ADMIN);
    }
    const changed = await tx
      .update(users)
      .set({ status: UserStatus.DELETED, updated_at: now })
      .where(and(eq(users.id, target.id), eq(users.status, target.status)))
      .returning({ id: users.id });
    if (changed.length !== 1) throw new AppError(10007);
    await tx.delete(userRoles).where(eq(userRoles.user_id, target.id));
    await tx.delete(dataPermissions).where(eq(dataPermissions.user_id, target.id));
    await revokeUserSessions(tx, target.id, now, 'deleted');
    await recordAudit(
      tx,
      {
        actorId: caller.userId,
        companyId,
        objectType: 'member',
        objectId: target.id,
        action: 'delete',
        before: { status: target.status, role_ids: target.roleIds },
        after: { status: UserStatus.DELETED, role_ids: [] },
      },
      now,
    );
  });
}

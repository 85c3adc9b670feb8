/**
 * Who may manage an organisation's users (contracts members.ts): an active member holding role 67, or
 * 70 for its own organisation; the target must be a user of the same company. Every refusal is 402,
 * also for ids of other organisations or unknown ids, so ids cannot be probed.
 */
import { Role, UserStatus } from '@portal/contracts/constants.ts';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies } from '../../db/schema/organisations.ts';
import { userRoles, users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../../plugins/session.ts';

/** The caller's company id when it may manage its users; throws 402 otherwise. */
export function managedCompany(user: SessionUser): number {
  const manager = user.roles.includes(Role.ADMIN) || user.roles.includes(Role.OPS);
  if (!manager || user.status !== UserStatus.ACTIVE || user.companyId === null) throw new AppError(402);
  return user.companyId;
}

export type Member = typeof users.$inferSelect & { roleIds: number[] };

/** User `userId` of company `companyId` with its roles; 402 when it is not one. */
export async function memberOf(db: Db, companyId: number, userId: number): Promise<Member> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.company_id, companyId)))
    .limit(1);
  if (!row) throw new AppError(402);
  return { ...row, roleIds: (await rolesOf(db, [row.id])).get(row.id) ?? [] };
}

/** user id → sorted role ids. */
export async function rolesOf(db: Db, userIds: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  if (userIds.length === 0) return map;
  const rows = await db.select().from(userRoles).where(inArray(userRoles.user_id, userIds));
  for (const r of rows)
    map.set(
      r.user_id,
      [...(map.get(r.user_id) ?? []), r.role_id].sort((a, b) => a - b),
    );
  return map;
}

/** Active role-67 admins of the company other than `exceptUserId`. */
export async function otherActiveAdmins(db: Db, companyId: number, exceptUserId: number): Promise<number> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.user_id, users.id), eq(userRoles.role_id, Role.ADMIN)))
    .where(
      and(eq(users.company_id, companyId), eq(users.status, UserStatus.ACTIVE), ne(users.id, exceptUserId)),
    );
  return rows.length;
}

/**
 * Serialises changes to one organisation's members inside a transaction, so two concurrent changes
 * cannot both pass the "keep one active role-67 admin" check.
 */
export async function lockCompanyMembers(tx: Db, companyId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`company-members:${companyId}`}))`);
}

/**
 * The organisation's owner: the user who created the company (companies.created_by; api-contract §10
 * "Owner and co-admins"). Null for an organisation without a recorded creator.
 */
export async function ownerOf(db: Db, companyId: number): Promise<number | null> {
  const [row] = await db
    .select({ created_by: companies.created_by })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row?.created_by ?? null;
}

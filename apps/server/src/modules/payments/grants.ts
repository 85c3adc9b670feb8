/**
 * "Finance" grants (issue 23 item 7): an organisation admin lets members (role 68) see Payments. The
 * list replaces the organisation's grants; ids that are not active members of the organisation
 * answer 604 and nothing changes. Audit-logged.
 */
import { Role, UserStatus } from '@portal/contracts/constants.ts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { financeGrants } from '../../db/schema/payments.ts';
import { userRoles, users } from '../../db/schema/users.ts';
import { paramError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.ts';

/** Active members (68) of `companyId` with their grant. */
export async function financeGrantList(db: Executor, companyId: number) {
  const rows = await db
    .select({ user_id: users.id, name: users.name, email: users.email, granted: financeGrants.user_id })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.user_id, users.id), eq(userRoles.role_id, Role.MEMBER)))
    .leftJoin(financeGrants, eq(financeGrants.user_id, users.id))
    .where(and(eq(users.company_id, companyId), eq(users.status, UserStatus.ACTIVE)))
    .orderBy(users.id);
  return rows.map((r) => ({ user_id: r.user_id, name: r.name, email: r.email, finance: r.granted !== null }));
}

/** Replaces the grants of `companyId` with `userIds`. */
export async function setFinanceGrants(
  app: FastifyInstance,
  actorId: number,
  companyId: number,
  userIds: number[],
) {
  const wanted = [...new Set(userIds)];
  const members = new Set((await financeGrantList(app.db, companyId)).map((m) => m.user_id));
  const bad = wanted.filter((id) => !members.has(id));
  if (bad.length > 0)
    throw paramError([{ field: 'user_ids', message: `not members of the organisation: ${bad.join(', ')}` }]);
  const now = app.now();
  await app.db.transaction(async (tx) => {
    const before = (await tx.select().from(financeGrants).where(eq(financeGrants.company_id, companyId))).map(
      (g) => g.user_id,
    );
    await tx.delete(financeGrants).where(eq(financeGrants.company_id, companyId));
    if (wanted.length > 0)
      await tx
        .insert(financeGrants)
        .values(
          wanted.map((user_id) => ({ user_id, company_id: companyId, granted_by: actorId, granted_at: now })),
        );
    await recordAudit(
      tx,
      {
        actorId,
        companyId,
        objectType: 'finance_grant',
        objectId: companyId,
        action: 'set',
        before: { user_ids: before.sort((a, b) => a - b) },
        after: { user_ids: wanted.sort((a, b) => a - b) },
      },
      now,
    );
  });
}

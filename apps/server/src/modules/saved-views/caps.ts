/**
 * Caps of saved views and schedules (issue 22 item 8; numbers in contracts report-views.ts
 * SAVED_VIEW_CAPS, SCHEDULE_CAPS): counted per owner and per the owner's organisation inside the
 * inserting transaction, under a transaction-scoped advisory lock of the organisation (of the user
 * without one), so concurrent inserts cannot both pass the last free place. One more answers 10052
 * with `data: { limit, scope }`.
 */
import { Code } from '@portal/contracts/codes.ts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { reportSchedules, savedViews } from '../../db/schema/report-views.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';

type Owner = { userId: number; companyId: number | null };
type Caps = { readonly user: number; readonly organisation: number };

/** Throws 10052 when `owner` or their organisation already holds `caps` rows of `what`. */
export async function enforceCap(
  tx: Executor,
  owner: Owner,
  what: 'views' | 'schedules',
  caps: Caps,
): Promise<void> {
  const scopeKey = owner.companyId === null ? `user:${owner.userId}` : `company:${owner.companyId}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`caps:${what}:${scopeKey}`}))`);
  const table = what === 'views' ? savedViews : reportSchedules;
  const [row] = await tx
    .select({
      mine: sql<number>`count(*) filter (where ${table.user_id} = ${owner.userId})::int`,
      organisation:
        owner.companyId === null
          ? sql<number>`0`
          : sql<number>`count(*) filter (where ${users.company_id} = ${owner.companyId})::int`,
    })
    .from(table)
    .innerJoin(users, eq(users.id, table.user_id));
  if ((row?.mine ?? 0) >= caps.user)
    throw new AppError(Code.LIMIT_REACHED, { limit: caps.user, scope: 'user' });
  if (owner.companyId !== null && Number(row?.organisation ?? 0) >= caps.organisation) {
    throw new AppError(Code.LIMIT_REACHED, { limit: caps.organisation, scope: 'organisation' });
  }
}

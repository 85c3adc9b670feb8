/**
 * Ad slot status and delete (spec §4), with the same transitions as apps (contracts
 * `allowedTransitions`, 10007 otherwise) and the to-do row in the same transaction (action 2, or 4
 * for delete). The row is locked first so concurrent changes are checked one after the other.
 */
import { allowedTransitions } from '@portal/contracts/apps.ts';
import { AuditStatus } from '@portal/contracts/constants.ts';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { adpos } from '../../db/schema/inventory.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Manager } from '../apps/access.ts';
import { recordStatusChange } from '../apps/status-record.ts';
import { ownedPlacement } from './placement-service.ts';

/** `PUT /v1/adpos/status` (`id` = adpos_id). */
export async function changePlacementStatus(db: Executor, m: Manager, id: number, to: number, now: Date) {
  await db.transaction(async (tx) => {
    const row = await ownedPlacement(tx, m, id, true);
    if (!allowedTransitions(row.audit_status, m.isOps).includes(to)) throw new AppError(10007);
    await tx.update(adpos).set({ audit_status: to, updated_at: now }).where(eq(adpos.adpos_id, id));
    await recordStatusChange(
      tx,
      {
        entity: 'adpos',
        action: 'status',
        id,
        name: row.adpos_name,
        companyId: row.company_id,
        appId: row.app_id,
        from: row.audit_status,
        to: to,
        actorId: m.userId,
      },
      now,
    );
  });
}

/** `DELETE /v1/adpos`: status −1 (10007 when already deleted), to-do action 4. */
export async function deletePlacement(db: Executor, m: Manager, id: number, now: Date) {
  await db.transaction(async (tx) => {
    const row = await ownedPlacement(tx, m, id, true);
    if (row.audit_status === AuditStatus.DELETED) throw new AppError(10007);
    await tx
      .update(adpos)
      .set({ audit_status: AuditStatus.DELETED, updated_at: now })
      .where(eq(adpos.adpos_id, id));
    await recordStatusChange(
      tx,
      {
        entity: 'adpos',
        action: 'delete',
        id,
        name: row.adpos_name,
        companyId: row.company_id,
        appId: row.app_id,
        from: row.audit_status,
        to: AuditStatus.DELETED,
        actorId: m.userId,
      },
      now,
    );
  });
}

/**
 * Ad slot status and delete (spec §4), with the same transitions as apps (contracts
 * `allowedTransitions`, 10007 otherwise) and the to-do row in the same transaction (action 2, or 4
 * for delete). The row is locked first so concurrent changes are checked one after the other.
 */
import { allowedTransitions, TodoAction } from '@portal/contracts/apps.ts';
import { AuditStatus } from '@portal/contracts/constants.ts';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { adpos } from '../../db/schema/inventory.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Manager } from '../apps/access.ts';
import { recordAudit } from '../audit/audit.ts';
import { enqueueTodo } from '../notifications/outbox.ts';
import { ownedPlacement } from './placement-service.ts';

/** `PUT /v1/adpos/status` (`id` = adpos_id). */
export async function changePlacementStatus(db: Executor, m: Manager, id: number, to: number, now: Date) {
  await db.transaction(async (tx) => {
    const row = await ownedPlacement(tx, m, id, true);
    if (!allowedTransitions(row.audit_status, m.isOps).includes(to)) throw new AppError(10007);
    await tx.update(adpos).set({ audit_status: to, updated_at: now }).where(eq(adpos.adpos_id, id));
    await recordAudit(
      tx,
      {
        actorId: m.userId,
        companyId: row.company_id,
        objectType: 'adpos',
        objectId: id,
        action: 'status',
        before: { audit_status: row.audit_status },
        after: { audit_status: to },
      },
      now,
    );
    await enqueueTodo(
      tx,
      {
        action_type: TodoAction.STATUS_CHANGED,
        entity: 'adpos',
        entity_id: id,
        name: row.adpos_name,
        company_id: row.company_id,
        from_status: row.audit_status,
        to_status: to,
        actor_id: m.userId,
        app_id: row.app_id,
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
    await recordAudit(
      tx,
      {
        actorId: m.userId,
        companyId: row.company_id,
        objectType: 'adpos',
        objectId: id,
        action: 'delete',
        before: { audit_status: row.audit_status },
        after: { audit_status: AuditStatus.DELETED },
      },
      now,
    );
    await enqueueTodo(
      tx,
      {
        action_type: TodoAction.DELETED,
        entity: 'adpos',
        entity_id: id,
        name: row.adpos_name,
        company_id: row.company_id,
        from_status: row.audit_status,
        to_status: AuditStatus.DELETED,
        actor_id: m.userId,
        app_id: row.app_id,
      },
      now,
    );
  });
}

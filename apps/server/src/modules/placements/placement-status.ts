/**
 * Ad slot status and delete (spec §4), with the same transitions as apps (contracts
 * `allowedTransitions`, 10007 otherwise) and the to-do row in the same transaction (action 2, or 4
 * for delete). The row is locked first so concurrent changes are checked one after the other.
 */
import { allowedTransitions } from '@portal/contracts/apps.ts';
import type { Lang } from '@portal/contracts/codes.ts';
import { AuditStatus } from '@portal/contracts/constants.ts';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { placements } from '../../db/schema/inventory.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Manager } from '../apps/access.ts';
import { recordStatusChange, rejectionReason, reviewDecision } from '../apps/status-record.ts';
import { notify } from '../notifications/notify.ts';
import { ownedPlacement } from './placement-service.ts';

/**
 * `PUT /v1/adpos/status` (`id` = adpos_id); a rejection needs a fit reason (604), and a review
 * decision notifies the organisation's admins.
 */
export async function changePlacementStatus(
  db: Executor,
  m: Manager,
  change: { id: number; to: number; reason?: string },
  now: Date,
  lang: Lang,
) {
  const { id, to } = change;
  await db.transaction(async (tx) => {
    const row = await ownedPlacement(tx, m, id, true);
    if (!allowedTransitions(row.audit_status, m.isOps).includes(to)) throw new AppError(10007);
    const reason = rejectionReason(to, change.reason, lang);
    await tx.update(placements).set({ audit_status: to, updated_at: now }).where(eq(placements.adpos_id, id));
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
        reason,
      },
      now,
    );
    const decision = reviewDecision(row.audit_status, to);
    const about = { adpos_id: id, adpos_name: row.adpos_name, app_name: row.channel_name };
    const admins = { companyId: row.company_id, actorId: m.userId };
    if (decision === 'approved') {
      await notify(tx, { kind: 'placement_approved', to: admins, params: about, now });
    } else if (decision === 'rejected') {
      await notify(tx, {
        kind: 'placement_rejected',
        to: admins,
        params: { ...about, reason: reason ?? '' },
        now,
      });
    }
  });
}

/** `DELETE /v1/adpos`: status −1 (10007 when already deleted), to-do action 4. */
export async function deletePlacement(db: Executor, m: Manager, id: number, now: Date) {
  await db.transaction(async (tx) => {
    const row = await ownedPlacement(tx, m, id, true);
    if (row.audit_status === AuditStatus.DELETED) throw new AppError(10007);
    await tx
      .update(placements)
      .set({ audit_status: AuditStatus.DELETED, updated_at: now })
      .where(eq(placements.adpos_id, id));
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

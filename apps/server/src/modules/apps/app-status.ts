/**
 * App status and delete (spec §4): the status endpoint moves 2 ↔ 3 for publishers and also approves
 * (1 → 2) or rejects (1 → 4) for operations (contracts `allowedTransitions`; anything else 10007);
 * delete sets −1 (10007 when already deleted) and deletes the app's ad slots with it. Each change and
 * its to-do notification (action 2, or 4 for delete) commit in one transaction; the row is locked
 * first so two concurrent changes cannot both pass the transition check.
 */
import { allowedTransitions } from '@portal/contracts/apps.ts';
import type { Lang } from '@portal/contracts/codes.ts';
import { AuditStatus } from '@portal/contracts/constants.ts';
import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { apps, placements } from '../../db/schema/inventory.ts';
import { AppError } from '../../lib/app-error.ts';
import { notify } from '../notifications/notify.ts';
import { assertOwned, type Manager } from './access.ts';
import { recordStatusChange, rejectionReason, reviewDecision } from './status-record.ts';

/**
 * `PUT /v1/app/status`: 402 outside reach, 10007 for a transition the caller may not make, 604 for a
 * rejection without a fit reason. A review decision notifies the app's organisation's admins.
 */
export async function changeAppStatus(
  db: Executor,
  m: Manager,
  change: { id: number; to: number; reason?: string },
  now: Date,
  lang: Lang,
) {
  const { id, to } = change;
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(apps).where(eq(apps.id, id)).for('update').limit(1);
    const row = assertOwned(m, current);
    if (!allowedTransitions(row.audit_status, m.isOps).includes(to)) throw new AppError(10007);
    const reason = rejectionReason(to, change.reason, lang);
    // Approval (1 → 2) is the only way out of review: from then on the app key is shown (api-contract §10).
    const approved = to === AuditStatus.ACTIVE ? { left_review: true } : {};
    await tx
      .update(apps)
      .set({ audit_status: to, updated_at: now, ...approved })
      .where(eq(apps.id, id));
    await recordStatusChange(
      tx,
      {
        entity: 'app',
        action: 'status',
        id,
        name: row.app_name,
        companyId: row.company_id,
        from: row.audit_status,
        to: to,
        actorId: m.userId,
        reason,
      },
      now,
    );
    const decision = reviewDecision(row.audit_status, to);
    if (decision === 'approved') {
      await notify(tx, {
        kind: 'app_approved',
        to: { companyId: row.company_id, actorId: m.userId },
        params: { app_id: id, app_name: row.app_name },
        now,
      });
    } else if (decision === 'rejected') {
      await notify(tx, {
        kind: 'app_rejected',
        to: { companyId: row.company_id, actorId: m.userId },
        params: { app_id: id, app_name: row.app_name, reason: reason ?? '' },
        now,
      });
    }
  });
}

/** `DELETE /v1/app`: status −1 for the app and its ad slots, one to-do of action type 4. */
export async function deleteApp(db: Executor, m: Manager, id: number, now: Date) {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(apps).where(eq(apps.id, id)).for('update').limit(1);
    const row = assertOwned(m, current);
    if (row.audit_status === AuditStatus.DELETED) throw new AppError(10007);
    await tx.update(apps).set({ audit_status: AuditStatus.DELETED, updated_at: now }).where(eq(apps.id, id));
    await tx
      .update(placements)
      .set({ audit_status: AuditStatus.DELETED, updated_at: now })
      .where(and(eq(placements.app_id, id), ne(placements.audit_status, AuditStatus.DELETED)));
    await recordStatusChange(
      tx,
      {
        entity: 'app',
        action: 'delete',
        id,
        name: row.app_name,
        companyId: row.company_id,
        from: row.audit_status,
        to: AuditStatus.DELETED,
        actorId: m.userId,
      },
      now,
    );
  });
}

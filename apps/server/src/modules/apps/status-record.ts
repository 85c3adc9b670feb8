/**
 * What every status change or delete of an app or ad slot writes besides the row itself, inside the
 * change's transaction (spec §4 to-do notifications; issue 16 audit log): one audit entry with the
 * status before and after, and one to-do notification (action 2 status changed, 4 deleted). A review
 * decision (1 → 2 approve, 1 → 4 reject) also notifies the organisation's admins (issue 27 item 4),
 * a rejection with operations' reason: `reviewNotice` checks the reason and names the notification.
 */
import { appText, REJECTED, reviewReasonProblem, TodoAction } from '@portal/contracts/apps.ts';
import type { Lang } from '@portal/contracts/codes.ts';
import { AuditStatus } from '@portal/contracts/constants.ts';
import type { Executor } from '../../db/client.ts';
import { paramError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.ts';
import { enqueueTodo, type TodoEvent } from '../notifications/outbox.ts';

export type StatusChange = {
  entity: TodoEvent['entity'];
  action: 'status' | 'delete';
  id: number;
  /** The app's or ad slot's name, for the notification. */
  name: string;
  companyId: number;
  /** For an ad slot, its app. */
  appId?: number;
  from: number;
  to: number;
  actorId: number;
  /** Operations' reason for a rejection (kept in the audit entry). */
  reason?: string;
};

/** Records `change` at `now` through `tx` (the change's own transaction). */
export async function recordStatusChange(tx: Executor, change: StatusChange, now: Date): Promise<void> {
  await recordAudit(
    tx,
    {
      actorId: change.actorId,
      companyId: change.companyId,
      objectType: change.entity,
      objectId: change.id,
      action: change.action,
      before: { audit_status: change.from },
      after: { audit_status: change.to, ...(change.reason === undefined ? {} : { reason: change.reason }) },
    },
    now,
  );
  await enqueueTodo(
    tx,
    {
      action_type: change.action === 'delete' ? TodoAction.DELETED : TodoAction.STATUS_CHANGED,
      entity: change.entity,
      entity_id: change.id,
      name: change.name,
      company_id: change.companyId,
      from_status: change.from,
      to_status: change.to,
      actor_id: change.actorId,
      ...(change.appId === undefined ? {} : { app_id: change.appId }),
    },
    now,
  );
}

/**
 * The reason to store for a move from `from` to `to`: the trimmed `reason` of a rejection (604 with a
 * field error on `reason` when it is missing or unfit, contracts `reviewReasonProblem`), else none.
 */
export function rejectionReason(to: number, reason: string | undefined, lang: Lang): string | undefined {
  if (to !== REJECTED) return undefined;
  const problem = reviewReasonProblem(reason);
  if (problem) throw paramError([{ field: 'reason', message: appText[problem][lang] }]);
  return reason?.trim();
}

/** Whether a move is a review decision that the organisation hears of: 'approved', 'rejected' or null. */
export function reviewDecision(from: number, to: number): 'approved' | 'rejected' | null {
  if (from !== AuditStatus.REVIEW) return null;
  if (to === AuditStatus.ACTIVE) return 'approved';
  if (to === REJECTED) return 'rejected';
  return null;
}

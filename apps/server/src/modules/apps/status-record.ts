/**
 * What every status change or delete of an app or ad slot writes besides the row itself, inside the
 * change's transaction (spec §4 to-do notifications; issue 16 audit log): one audit entry with the
 * status before and after, and one to-do notification (action 2 status changed, 4 deleted).
 */
import { TodoAction } from '@portal/contracts/apps.ts';
import type { Executor } from '../../db/client.ts';
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
      after: { audit_status: change.to },
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

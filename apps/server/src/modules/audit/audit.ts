/**
 * Writing the audit log (issue 16 §3): `recordAudit` inserts one entry with the executor it is given,
 * so called inside a change's transaction the entry commits or rolls back with the change (a failed
 * change writes none). The client address comes from the request context (plugins/request-context.ts);
 * `before` / `after` hold only the fields the change touched, never secrets or hashes.
 */
import type { AuditObjectType } from '@portal/contracts/security.ts';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/security.ts';
import { requestContext } from '../../plugins/request-context.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database or a transaction of it. */
export type AuditExecutor = Db | Tx;

export type AuditChange = {
  /** Who made the change; null for the system. */
  actorId: number | null;
  /** The organisation the object belongs to; null for network-wide objects. */
  companyId: number | null;
  objectType: AuditObjectType;
  objectId: number | string;
  /** e.g. create, update, status, delete, role, revoke, enable, disable, policy. */
  action: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

/** Inserts one audit entry at `at` through `db` (pass the change's transaction). */
export async function recordAudit(db: AuditExecutor, change: AuditChange, at: Date): Promise<void> {
  await db.insert(auditLog).values({
    at,
    actor_id: change.actorId,
    company_id: change.companyId,
    ip: requestContext()?.ip ?? null,
    object_type: change.objectType,
    object_id: String(change.objectId),
    action: change.action,
    before: change.before ?? null,
    after: change.after ?? null,
  });
}

/**
 * The fields of `after` whose values differ from `before` (compared as JSON), as a before/after
 * pair; keys of `after` only. Dates compare by instant.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(value ?? null)) {
      b[key] = before[key] ?? null;
      a[key] = value;
    }
  }
  return { before: b, after: a };
}

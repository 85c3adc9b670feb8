/**
 * Reading the audit log (issue 16 §3): organisation admins (role 67, active) read their own
 * organisation's entries, operations (70) every entry (optionally one organisation's); anyone else
 * answers 402. Filters: actor, object type, UTC date range (inclusive). Newest first. There is no
 * update or delete: entries are only ever inserted (audit.ts).
 */
import { canReadAudit } from '@portal/contracts/access.ts';
import { Role } from '@portal/contracts/constants.ts';
import type { AuditEntry, AuditQuery } from '@portal/contracts/security.ts';
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/security.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../../plugins/session.ts';

/**
 * The organisation whose log the caller reads: null for operations (every one); 402 for anyone
 * contracts access.ts `canReadAudit` refuses (the rule the web's /account/audit entry follows too).
 */
export function auditReach(user: SessionUser): { companyId: number | null } {
  if (!canReadAudit(user)) throw new AppError(402);
  return { companyId: user.roles.includes(Role.OPS) ? null : user.companyId };
}

const DAY_MS = 86_400_000;

function conditions(reach: { companyId: number | null }, q: AuditQuery): SQL | undefined {
  const companyId = reach.companyId ?? q.company_id;
  return and(
    companyId === undefined || companyId === null ? undefined : eq(auditLog.company_id, companyId),
    q.actor_id === undefined ? undefined : eq(auditLog.actor_id, q.actor_id),
    q.object_type === undefined ? undefined : eq(auditLog.object_type, q.object_type),
    q.start === undefined ? undefined : gte(auditLog.at, new Date(`${q.start}T00:00:00Z`)),
    q.end === undefined ? undefined : lt(auditLog.at, new Date(Date.parse(`${q.end}T00:00:00Z`) + DAY_MS)),
  );
}

const columns = {
  id: auditLog.id,
  at: auditLog.at,
  actor_id: auditLog.actor_id,
  actor_email: users.email,
  company_id: auditLog.company_id,
  ip: auditLog.ip,
  object_type: auditLog.object_type,
  object_id: auditLog.object_id,
  action: auditLog.action,
  before: auditLog.before,
  after: auditLog.after,
};

type Row = {
  id: number;
  at: Date;
  actor_id: number | null;
  actor_email: string | null;
  company_id: number | null;
  ip: string | null;
  object_type: string;
  object_id: string;
  action: string;
  before: unknown;
  after: unknown;
};

const toEntry = (r: Row): AuditEntry => ({ ...r, id: Number(r.id), at: r.at.toISOString() });

/** One page of entries within reach, newest first, with the total. */
export async function listAudit(db: Db, user: SessionUser, q: AuditQuery) {
  const where = conditions(auditReach(user), q);
  const rows = await db
    .select(columns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actor_id))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(q.page_size)
    .offset((q.page_no - 1) * q.page_size);
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  return { list: rows.map(toEntry), total: total?.n ?? 0 };
}

/** Most entries one export holds. */
export const AUDIT_EXPORT_MAX = 50_000;

/** Every entry within reach matching the filters (at most AUDIT_EXPORT_MAX), newest first, as CSV. */
export async function exportAuditCsv(db: Db, user: SessionUser, q: AuditQuery): Promise<string> {
  const rows = await db
    .select(columns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actor_id))
    .where(conditions(auditReach(user), q))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_EXPORT_MAX);
  const header = [
    'id',
    'at',
    'actor_id',
    'actor_email',
    'company_id',
    'ip',
    'object_type',
    'object_id',
    'action',
    'before',
    'after',
  ];
  const lines = rows
    .map(toEntry)
    .map((e) =>
      [
        e.id,
        e.at,
        e.actor_id,
        e.actor_email,
        e.company_id,
        e.ip,
        e.object_type,
        e.object_id,
        e.action,
        e.before === null ? null : JSON.stringify(e.before),
        e.after === null ? null : JSON.stringify(e.after),
      ]
        .map(csvCell)
        .join(','),
    );
  return `\ufeff${[header.join(','), ...lines].join('\r\n')}\r\n`;
}

/**
 * One CSV cell (RFC 4180 quoting). Text starting with = + - @ or a tab is prefixed with ' so a
 * spreadsheet does not run it as a formula (OWASP "CSV Injection").
 */
export function csvCell(v: string | number | null): string {
  if (v === null) return '';
  let s = String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

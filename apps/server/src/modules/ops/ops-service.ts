/**
 * Operations lists (contracts apps.ts "Operations"): publisher companies and profit centres for the
 * app dialog (also answered to partners by /external_api), the review queue, and the to-do outbox.
 */
import { appText, fillText, type TodoItem } from '@portal/contracts/apps.ts';
import type { Lang } from '@portal/contracts/codes.ts';
import { AuditStatus } from '@portal/contracts/constants.ts';
import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profitCenters } from '../../db/schema/catalogue.ts';
import { apps, placements } from '../../db/schema/inventory.ts';
import { companies } from '../../db/schema/organisations.ts';
import { todoOutbox } from '../../db/schema/todo-outbox.ts';
import { paramError } from '../../lib/app-error.ts';

/** Parses `1`, `1,4` or `[1,4]` into numbers; null for anything else. */
export function parseNumberList(v: string | undefined): number[] | null {
  if (v === undefined || v.trim() === '') return [];
  const text = v.trim().replace(/^\[|\]$/g, '');
  const parts = text.split(',').map((p) => p.trim());
  if (parts.some((p) => !/^\d+$/.test(p))) return null;
  return parts.map(Number);
}

/** 604 for a `cooperation_types` that is not a list of numbers. */
export function badCooperationTypes(lang: Lang) {
  return paramError([
    {
      field: 'cooperation_types',
      message: fillText(appText.badChoice[lang], { field: 'cooperation_types' }),
    },
  ]);
}

/** Companies with `is_publisher` (when given) having every cooperation type of `coop`, by name. */
export async function listCompanies(db: Db, isPublisher: number | undefined, coop: number[]) {
  return db
    .select({ id: companies.id, company_name: companies.company_name })
    .from(companies)
    .where(
      and(
        isPublisher === undefined ? undefined : eq(companies.is_publisher, isPublisher),
        coop.length > 0 ? sql`${companies.cooperation_types} @> ${JSON.stringify(coop)}::jsonb` : undefined,
      ),
    )
    .orderBy(asc(companies.company_name), asc(companies.id));
}

/** Active profit centres by name. */
export async function listProfitCenters(db: Db) {
  return db
    .select({ id: profitCenters.id, name: profitCenters.name })
    .from(profitCenters)
    .where(eq(profitCenters.status, 1))
    .orderBy(asc(profitCenters.name), asc(profitCenters.id));
}

/** Creates or renames a profit centre (partner notice); `status` 1 active, 2 disabled. */
export async function upsertProfitCenter(
  db: Db,
  pc: { id: number; name: string; status: number },
  now: Date,
) {
  await db
    .insert(profitCenters)
    .values({ ...pc, updated_at: now })
    .onConflictDoUpdate({
      target: profitCenters.id,
      set: { name: pc.name, status: pc.status, updated_at: now },
    });
}

/** Apps and ad slots under review, oldest first. */
export async function reviewQueue(db: Db) {
  const queuedApps = await db
    .select({
      id: apps.id,
      app_name: apps.app_name,
      package_name: apps.package_name,
      publisher_name: companies.company_name,
    })
    .from(apps)
    .innerJoin(companies, eq(companies.id, apps.company_id))
    .where(eq(apps.audit_status, AuditStatus.REVIEW))
    .orderBy(asc(apps.id));
  const queuedPlacements = await db
    .select({
      adpos_id: placements.adpos_id,
      adpos_name: placements.adpos_name,
      ad_style: placements.ad_style,
      channel_name: apps.app_name,
      publisher_name: companies.company_name,
    })
    .from(placements)
    .innerJoin(apps, eq(apps.id, placements.app_id))
    .innerJoin(companies, eq(companies.id, apps.company_id))
    .where(eq(placements.audit_status, AuditStatus.REVIEW))
    .orderBy(asc(placements.adpos_id));
  return { apps: queuedApps, adpos: queuedPlacements };
}

/** One page of the outbox, newest first; `pending` keeps the undelivered rows. */
export async function listTodo(db: Db, q: { page_no: number; page_size: number; state: 'pending' | 'all' }) {
  const where: SQL | undefined = q.state === 'pending' ? isNull(todoOutbox.delivered_at) : undefined;
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(todoOutbox).where(where);
  const rows = await db
    .select()
    .from(todoOutbox)
    .where(where)
    .orderBy(desc(todoOutbox.id))
    .limit(q.page_size)
    .offset((q.page_no - 1) * q.page_size);
  const list: TodoItem[] = rows.map((r) => ({
    id: r.id,
    idempotency_key: r.idempotency_key,
    action_type: r.action_type,
    entity: r.entity === 'adpos' ? 'adpos' : 'app',
    entity_id: r.entity_id,
    name: r.name,
    company_id: r.company_id,
    from_status: r.from_status,
    to_status: r.to_status,
    attempts: r.attempts,
    last_error: r.last_error,
    created_at: r.created_at.toISOString(),
    delivered_at: r.delivered_at?.toISOString() ?? null,
  }));
  return { list, total: count?.n ?? 0 };
}

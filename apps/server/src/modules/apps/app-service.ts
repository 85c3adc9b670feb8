/**
 * Apps (spec §2 Apps list, §3, §5, §7): list and options within the caller's reach, uniqueness
 * checks, create and update. Names are unique among the organisation's apps that are not deleted,
 * packages among every app of the network that is not deleted (case-insensitive, trimmed; the
 * edited app excluded). Concurrent saves are serialised per name and package by transaction-scoped
 * advisory locks, so the check-then-insert cannot let two duplicates through.
 */
import { randomBytes } from 'node:crypto';
import {
  type AppCreateBody,
  type AppItem,
  type AppUpdateBody,
  appText,
  REJECTED,
  TodoAction,
} from '@portal/contracts/apps.ts';
import type { Lang } from '@portal/contracts/codes.ts';
import { AuditStatus } from '@portal/contracts/constants.ts';
import { and, desc, eq, ilike, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { apps, placements } from '../../db/schema/inventory.ts';
import { companies } from '../../db/schema/organisations.ts';
import { AppError } from '../../lib/app-error.ts';
import { changedFields, recordAudit } from '../audit/audit.ts';
import { industryLabels } from '../industry/industry-service.ts';
import { enqueueTodo } from '../notifications/outbox.ts';
import type { Manager } from './access.ts';
import { assertOwned } from './access.ts';
import { checkAppForm } from './app-rules.ts';

type AppRow = typeof apps.$inferSelect;

/** `%text%` for ILIKE with the wildcards of `text` escaped. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Restricts to the manager's company (nothing for operations). */
function reach(m: Manager): SQL | undefined {
  return m.companyId === null ? undefined : eq(apps.company_id, m.companyId);
}

const placementCount = sql<number>`(select count(*)::int from ${placements} where ${placements.app_id} = ${apps.id} and ${placements.audit_status} <> ${AuditStatus.DELETED})`;

/**
 * `app_key` is hidden while the app is under review or rejected (spec §2), and for ever, also after
 * deletion, when it never left review (api-contract §10).
 */
export function visibleKey(row: {
  audit_status: number;
  app_key: string;
  left_review: boolean;
}): string | null {
  const inReview = row.audit_status === AuditStatus.REVIEW || row.audit_status === REJECTED;
  return row.left_review && !inReview ? row.app_key : null;
}

async function toItems(
  db: Executor,
  rows: { app: AppRow; publisher_name: string; adpos_count: number }[],
  lang: Lang,
): Promise<AppItem[]> {
  const labels = rows.length > 0 ? await industryLabels(db, lang) : new Map<number, string>();
  return rows.map(({ app: a, publisher_name, adpos_count }) => ({
    id: a.id,
    app_name: a.app_name,
    package_name: a.package_name,
    platform: a.platform,
    is_online: a.is_online,
    app_store_address: a.app_store_address,
    industry_id: a.industry_id,
    industry_name: a.industry_id === null ? null : (labels.get(a.industry_id) ?? null),
    audit_status: a.audit_status,
    publisher_id: a.company_id,
    publisher_name,
    profit_center_id: a.profit_center_id,
    description: a.description,
    app_key: visibleKey(a),
    adpos_count,
  }));
}

export type AppFilter = {
  page_no: number;
  page_size: number;
  app_name?: string;
  pkg_name?: string;
  audit_status?: number;
};

/** One page of the manager's apps, newest first, with the total matching `f`. */
export async function listApps(db: Executor, m: Manager, f: AppFilter, lang: Lang) {
  const where = and(
    reach(m),
    f.app_name ? ilike(apps.app_name, likePattern(f.app_name)) : undefined,
    f.pkg_name ? ilike(apps.package_name, likePattern(f.pkg_name)) : undefined,
    f.audit_status === undefined ? undefined : eq(apps.audit_status, f.audit_status),
  );
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(apps).where(where);
  const rows = await db
    .select({ app: apps, publisher_name: companies.company_name, adpos_count: placementCount })
    .from(apps)
    .innerJoin(companies, eq(companies.id, apps.company_id))
    .where(where)
    .orderBy(desc(apps.id))
    .limit(f.page_size)
    .offset((f.page_no - 1) * f.page_size);
  return { list: await toItems(db, rows, lang), total: count?.n ?? 0 };
}

/** One app as a list item (reach checked). */
export async function getApp(db: Executor, m: Manager, id: number, lang: Lang): Promise<AppItem> {
  const [row] = await db
    .select({ app: apps, publisher_name: companies.company_name, adpos_count: placementCount })
    .from(apps)
    .innerJoin(companies, eq(companies.id, apps.company_id))
    .where(eq(apps.id, id))
    .limit(1);
  assertOwned(m, row ? { company_id: row.app.company_id } : undefined);
  const [item] = await toItems(db, row ? [row] : [], lang);
  if (!item) throw new AppError(10008);
  return item;
}

/** The manager's apps that are not deleted, by name (the dialogs' options). */
export async function appOptions(db: Executor, m: Manager) {
  return db
    .select({
      id: apps.id,
      app_name: apps.app_name,
      package_name: apps.package_name,
      audit_status: apps.audit_status,
    })
    .from(apps)
    .where(and(reach(m), ne(apps.audit_status, AuditStatus.DELETED)))
    .orderBy(apps.app_name, apps.id);
}

/** The app row `id` within reach (402 / 10008 otherwise). */
export async function ownedApp(db: Executor, m: Manager, id: number): Promise<AppRow> {
  const [row] = await db.select().from(apps).where(eq(apps.id, id)).limit(1);
  return assertOwned(m, row);
}

/** Whether another live app of `companyId` is named `name` (trimmed, case-insensitive). */
export async function nameTaken(db: Executor, companyId: number, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: apps.id })
    .from(apps)
    .where(
      and(
        eq(apps.company_id, companyId),
        sql`lower(${apps.app_name}) = lower(${name.trim()})`,
        ne(apps.audit_status, AuditStatus.DELETED),
        exceptId === undefined ? undefined : ne(apps.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Whether another live app of the network has package `pkg` (trimmed, case-insensitive). */
export async function packageTaken(db: Executor, pkg: string, exceptId?: number) {
  const [row] = await db
    .select({ id: apps.id })
    .from(apps)
    .where(
      and(
        sql`lower(${apps.package_name}) = lower(${pkg.trim()})`,
        ne(apps.audit_status, AuditStatus.DELETED),
        exceptId === undefined ? undefined : ne(apps.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Serialises saves of the same name and package until the transaction ends. */
async function lockNames(tx: Executor, companyId: number, name: string, pkg: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`app-name:${companyId}:${name.toLowerCase()}`}))`,
  );
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`app-pkg:${pkg.toLowerCase()}`}))`);
}

async function assertUnique(
  tx: Executor,
  companyId: number,
  name: string,
  pkg: string,
  lang: Lang,
  id?: number,
) {
  await lockNames(tx, companyId, name, pkg);
  if (await nameTaken(tx, companyId, name, id)) throw new AppError(10006, null, appText.nameTaken[lang]);
  if (await packageTaken(tx, pkg, id)) throw new AppError(10006, null, appText.pkgTaken[lang]);
}

/**
 * `POST /v1/app`: a new app under review (status 1) with a fresh 32-hex app key, and a to-do
 * "submitted" notification in the same transaction. 604 / 10006 per the rules above.
 */
export async function createApp(db: Executor, m: Manager, body: AppCreateBody, lang: Lang, now: Date) {
  const id = await db.transaction(async (tx) => {
    const fields = await checkAppForm(tx, m, body, lang);
    await assertUnique(tx, fields.company_id, fields.app_name, fields.package_name, lang);
    const [row] = await tx
      .insert(apps)
      .values({
        ...fields,
        audit_status: AuditStatus.REVIEW,
        app_key: randomBytes(16).toString('hex'),
        created_at: now,
        updated_at: now,
      })
      .returning();
    if (!row) throw new Error('app not inserted');
    await recordAudit(
      tx,
      {
        actorId: m.userId,
        companyId: row.company_id,
        objectType: 'app',
        objectId: row.id,
        action: 'create',
        after: { ...fields, audit_status: row.audit_status, app_key: row.app_key },
      },
      now,
    );
    await enqueueTodo(
      tx,
      {
        action_type: TodoAction.SUBMITTED,
        entity: 'app',
        entity_id: row.id,
        name: row.app_name,
        company_id: row.company_id,
        from_status: null,
        to_status: row.audit_status,
        actor_id: m.userId,
      },
      now,
    );
    return row.id;
  });
  return getApp(db, m, id, lang);
}

/**
 * `PUT /v1/app`: saves the form of an app within reach that is not deleted (10007 when deleted).
 * Publishers cannot move the app to another company or change its profit centre. Saving a rejected
 * app sends it back to review (4 → 1) with a "submitted" to-do.
 */
export async function updateApp(db: Executor, m: Manager, body: AppUpdateBody, lang: Lang, now: Date) {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(apps).where(eq(apps.id, body.id)).for('update').limit(1);
    const row = assertOwned(m, current);
    if (row.audit_status === AuditStatus.DELETED) throw new AppError(10007, null, appText.deleted[lang]);
    const fields = await checkAppForm(tx, m, body, lang, row.company_id);
    if (!m.isOps) fields.profit_center_id = row.profit_center_id;
    else if (body.profit_center_id === undefined) fields.profit_center_id = row.profit_center_id;
    await assertUnique(tx, fields.company_id, fields.app_name, fields.package_name, lang, row.id);
    const resubmit = row.audit_status === REJECTED;
    await tx
      .update(apps)
      .set({ ...fields, updated_at: now, ...(resubmit ? { audit_status: AuditStatus.REVIEW } : {}) })
      .where(eq(apps.id, row.id));
    await recordAudit(
      tx,
      {
        actorId: m.userId,
        companyId: row.company_id,
        objectType: 'app',
        objectId: row.id,
        action: 'update',
        ...changedFields(row, { ...fields, ...(resubmit ? { audit_status: AuditStatus.REVIEW } : {}) }),
      },
      now,
    );
    if (resubmit) {
      await enqueueTodo(
        tx,
        {
          action_type: TodoAction.SUBMITTED,
          entity: 'app',
          entity_id: row.id,
          name: fields.app_name,
          company_id: fields.company_id,
          from_status: REJECTED,
          to_status: AuditStatus.REVIEW,
          actor_id: m.userId,
        },
        now,
      );
    }
  });
  return getApp(db, m, body.id, lang);
}

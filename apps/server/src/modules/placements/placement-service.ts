/**
 * Ad slots (spec §2, §3, §4, §5, §7): list within the caller's reach, name check, create and update
 * by the rules of spec §5 (name trimmed, required, ≤ 30, unique within the app among slots that are
 * not deleted; ad style and the content types of its table; app and ad style fixed after creation).
 * Every failing field answers 604 with messages in the caller's language; a taken name 10006.
 */

import { fillText, TodoAction } from '@portal/contracts/apps.ts';
import type { Lang } from '@portal/contracts/codes.ts';
import { AuditStatus } from '@portal/contracts/constants.ts';
import type { FieldError } from '@portal/contracts/envelope.ts';
import {
  contentTypeProblem,
  PLACEMENT_NAME_MAX,
  type PlacementCreateBody,
  type PlacementItem,
  type PlacementUpdateBody,
  placementFieldLabel,
  placementText,
} from '@portal/contracts/placements.ts';
import { isCleanName, nameCharsText } from '@portal/contracts/text-rules.ts';
import { and, desc, eq, ilike, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { apps, placements } from '../../db/schema/inventory.ts';
import { AppError, paramError } from '../../lib/app-error.ts';
import { assertOwned, type Manager } from '../apps/access.ts';
import { likePattern } from '../apps/app-service.ts';
import { changedFields, recordAudit } from '../audit/audit.ts';
import { enqueueTodo } from '../notifications/outbox.ts';

export type PlacementFilter = {
  page_no: number;
  page_size: number;
  adpos_id?: number;
  adpos_name?: string;
  app_id?: number;
  app_name?: string;
  ad_style?: number;
  audit_status?: number;
};

const columns = {
  adpos_id: placements.adpos_id,
  adpos_name: placements.adpos_name,
  ad_style: placements.ad_style,
  content_type: placements.content_type,
  audit_status: placements.audit_status,
  channel_name: apps.app_name,
  app_id: placements.app_id,
  company_id: apps.company_id,
};

type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] };

function toItem(r: Row): PlacementItem {
  return {
    adpos_id: r.adpos_id,
    adpos_name: r.adpos_name,
    ad_style: r.ad_style,
    content_type: r.content_type,
    audit_status: r.audit_status,
    channel_name: r.channel_name,
    app: { id: r.app_id },
  };
}

/** One page of the manager's ad slots, newest first; deleted ones only when asked for (−1). */
export async function listPlacements(db: Executor, m: Manager, f: PlacementFilter) {
  const where = and(
    m.companyId === null ? undefined : eq(apps.company_id, m.companyId),
    f.adpos_id === undefined ? undefined : eq(placements.adpos_id, f.adpos_id),
    f.adpos_name ? ilike(placements.adpos_name, likePattern(f.adpos_name)) : undefined,
    f.app_id === undefined ? undefined : eq(placements.app_id, f.app_id),
    f.app_name ? ilike(apps.app_name, likePattern(f.app_name)) : undefined,
    f.ad_style === undefined ? undefined : eq(placements.ad_style, f.ad_style),
    f.audit_status === undefined
      ? ne(placements.audit_status, AuditStatus.DELETED)
      : eq(placements.audit_status, f.audit_status),
  );
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(placements)
    .innerJoin(apps, eq(apps.id, placements.app_id))
    .where(where);
  const rows = await db
    .select(columns)
    .from(placements)
    .innerJoin(apps, eq(apps.id, placements.app_id))
    .where(where)
    .orderBy(desc(placements.adpos_id))
    .limit(f.page_size)
    .offset((f.page_no - 1) * f.page_size);
  return { list: rows.map(toItem), total: count?.n ?? 0 };
}

/** The ad slot `id` with its app's company, within reach (402 / 10008 otherwise). */
export async function ownedPlacement(db: Executor, m: Manager, id: number, lock = false): Promise<Row> {
  const q = db
    .select(columns)
    .from(placements)
    .innerJoin(apps, eq(apps.id, placements.app_id))
    .where(eq(placements.adpos_id, id));
  const [row] = await (lock ? q.for('update', { of: placements }) : q).limit(1);
  return assertOwned(m, row);
}

/** One ad slot as a list item (reach checked). */
export async function getPlacement(db: Executor, m: Manager, id: number): Promise<PlacementItem> {
  return toItem(await ownedPlacement(db, m, id));
}

/** The app `appId` within reach (402 / 10008 otherwise). */
async function ownedApp(db: Executor, m: Manager, appId: number) {
  const [row] = await db.select().from(apps).where(eq(apps.id, appId)).limit(1);
  return assertOwned(m, row);
}

/**
 * Whether another live ad slot is named `name` (trimmed, case-insensitive): within `appId`, or, when
 * `appId` is null, within every app of `companyId` (every app when that is null too).
 */
export async function placementNameTaken(
  db: Executor,
  appId: number | null,
  name: string,
  exceptId?: number,
  companyId: number | null = null,
) {
  const q = db
    .select({ id: placements.adpos_id })
    .from(placements)
    .innerJoin(apps, eq(apps.id, placements.app_id));
  const [row] = await q
    .where(
      and(
        appId === null ? undefined : eq(placements.app_id, appId),
        appId === null && companyId !== null ? eq(apps.company_id, companyId) : undefined,
        sql`lower(${placements.adpos_name}) = lower(${name.trim()})`,
        ne(placements.audit_status, AuditStatus.DELETED),
        exceptId === undefined ? undefined : ne(placements.adpos_id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * `GET /v1/adpos/name_exist` (api-contract §10), every id within reach (402 / 10008 otherwise): within
 * `appId`; without it, within the app of `exceptId` (editing), or else every app of the caller's
 * organisation (every app for operations).
 */
export async function placementNameExists(
  db: Executor,
  m: Manager,
  name: string,
  ids: { appId?: number; exceptId?: number },
) {
  if (ids.appId !== undefined) await ownedApp(db, m, ids.appId);
  const editing = ids.exceptId === undefined ? undefined : await ownedPlacement(db, m, ids.exceptId);
  const appId = ids.appId ?? editing?.app_id ?? null;
  if (name.trim() === '') return false;
  return placementNameTaken(db, appId, name, ids.exceptId, m.companyId);
}

/** The spec §5 field rules and the name rule (contracts/text-rules.ts); returns the trimmed name or throws 604 with every failing field. */
function checkForm(
  body: PlacementCreateBody,
  lang: Lang,
  fixed?: { app_id: number; ad_style: number },
): string {
  const errors: FieldError[] = [];
  const add = (field: string, text: Record<Lang, string>, vars: Record<string, string | number> = {}) =>
    errors.push({
      field,
      message: fillText(text[lang], { field: placementFieldLabel[field]?.[lang] ?? field, ...vars }),
    });
  const name = body.adpos_name.trim();
  if (!name) add('adpos_name', placementText.required);
  else if (name.length > PLACEMENT_NAME_MAX)
    add('adpos_name', placementText.tooLong, { max: PLACEMENT_NAME_MAX });
  else if (!isCleanName(name)) add('adpos_name', nameCharsText);
  if (fixed && fixed.app_id !== body.app.id) add('app', placementText.fixed);
  if (fixed && fixed.ad_style !== body.ad_style) add('ad_style', placementText.fixed);
  const problem = contentTypeProblem(body.ad_style, body.content_type);
  if (problem === 'badStyle') add('ad_style', placementText.badStyle);
  else if (problem) add('content_type', placementText[problem]);
  if (errors.length > 0) throw paramError(errors);
  return name;
}

async function lockName(tx: Executor, appId: number, name: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`adpos-name:${appId}:${name.toLowerCase()}`}))`,
  );
}

/** `POST /v1/adpos`: a new ad slot under review, with a "submitted" to-do in the same transaction. */
export async function createPlacement(
  db: Executor,
  m: Manager,
  body: PlacementCreateBody,
  lang: Lang,
  now: Date,
) {
  const id = await db.transaction(async (tx) => {
    const app = await ownedApp(tx, m, body.app.id);
    const name = checkForm(body, lang);
    if (app.audit_status === AuditStatus.DELETED) {
      throw paramError([{ field: 'app', message: placementText.appDeleted[lang] }]);
    }
    await lockName(tx, app.id, name);
    if (await placementNameTaken(tx, app.id, name))
      throw new AppError(10006, null, placementText.nameTaken[lang]);
    const [row] = await tx
      .insert(placements)
      .values({
        app_id: app.id,
        adpos_name: name,
        ad_style: body.ad_style,
        content_type: [...body.content_type].sort((a, b) => a - b),
        audit_status: AuditStatus.REVIEW,
        created_at: now,
        updated_at: now,
      })
      .returning();
    if (!row) throw new Error('ad slot not inserted');
    await recordAudit(
      tx,
      {
        actorId: m.userId,
        companyId: app.company_id,
        objectType: 'adpos',
        objectId: row.adpos_id,
        action: 'create',
        after: {
          app_id: row.app_id,
          adpos_name: row.adpos_name,
          ad_style: row.ad_style,
          content_type: row.content_type,
          audit_status: row.audit_status,
        },
      },
      now,
    );
    await enqueueTodo(
      tx,
      {
        action_type: TodoAction.SUBMITTED,
        entity: 'adpos',
        entity_id: row.adpos_id,
        name,
        company_id: app.company_id,
        from_status: null,
        to_status: AuditStatus.REVIEW,
        actor_id: m.userId,
        app_id: app.id,
      },
      now,
    );
    return row.adpos_id;
  });
  return getPlacement(db, m, id);
}

/**
 * `PUT /v1/adpos`: name and content types of a live ad slot within reach; app and ad style must
 * stay (604), a deleted slot answers 10007. Saving a rejected slot (4) sends it back to review.
 */
export async function updatePlacement(
  db: Executor,
  m: Manager,
  body: PlacementUpdateBody,
  lang: Lang,
  now: Date,
) {
  await db.transaction(async (tx) => {
    const row = await ownedPlacement(tx, m, body.adpos_id, true);
    if (row.audit_status === AuditStatus.DELETED) throw new AppError(10007);
    const name = checkForm(body, lang, { app_id: row.app_id, ad_style: row.ad_style });
    await lockName(tx, row.app_id, name);
    if (await placementNameTaken(tx, row.app_id, name, row.adpos_id)) {
      throw new AppError(10006, null, placementText.nameTaken[lang]);
    }
    const resubmit = row.audit_status === 4;
    await tx
      .update(placements)
      .set({
        adpos_name: name,
        content_type: [...body.content_type].sort((a, b) => a - b),
        updated_at: now,
        ...(resubmit ? { audit_status: AuditStatus.REVIEW } : {}),
      })
      .where(eq(placements.adpos_id, row.adpos_id));
    await recordAudit(
      tx,
      {
        actorId: m.userId,
        companyId: row.company_id,
        objectType: 'adpos',
        objectId: row.adpos_id,
        action: 'update',
        ...changedFields(row, {
          adpos_name: name,
          content_type: [...body.content_type].sort((a, b) => a - b),
          ...(resubmit ? { audit_status: AuditStatus.REVIEW } : {}),
        }),
      },
      now,
    );
    if (resubmit) {
      await enqueueTodo(
        tx,
        {
          action_type: TodoAction.SUBMITTED,
          entity: 'adpos',
          entity_id: row.adpos_id,
          name,
          company_id: row.company_id,
          from_status: 4,
          to_status: AuditStatus.REVIEW,
          actor_id: m.userId,
          app_id: row.app_id,
        },
        now,
      );
    }
  });
  return getPlacement(db, m, body.adpos_id);
}

/**
 * Saved report views (issue 13 item 7, contracts report-views.ts). Every query is scoped to the
 * caller taken from the session, never from ids in the request:
 * - a caller sees its own views of a kind and the shared ones whose owner is, now, in the caller's
 *   organisation (account);
 * - only the owner changes or deletes a view (another's id answers 10008, as an unknown one does);
 * - listing or saving a kind the caller may not open answers 402 (601 while pending), the report
 *   permission rule of permission/report-access.ts.
 */
import type { SavedView, SavedViewBody } from '@portal/contracts/report-views.ts';
import { SAVED_VIEW_CAPS, viewQueryDropped } from '@portal/contracts/report-views.ts';
import type { ReportKind } from '@portal/contracts/reports-kinds.ts';
import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, Executor } from '../../db/client.ts';
import { reportSchedules, savedViews } from '../../db/schema/report-views.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { requireReport } from '../permission/report-access.ts';
import { enforceCap } from './caps.ts';

type Caller = Pick<SessionUser, 'userId' | 'accountId'>;

/** The query without the parameters a view never keeps (paging, format). */
export function keptQuery(query: Record<string, string>): Record<string, string> {
  const dropped = new Set<string>(viewQueryDropped);
  return Object.fromEntries(Object.entries(query).filter(([k]) => !dropped.has(k)));
}

/** Rows of `saved_views` the caller may see: own, or shared by a member of its organisation. */
export function visibleTo(caller: Caller) {
  const own = eq(savedViews.user_id, caller.userId);
  if (caller.accountId === null) return own;
  return or(own, and(eq(savedViews.shared, true), eq(users.account_id, caller.accountId)));
}

const columns = {
  id: savedViews.id,
  kind: savedViews.kind,
  name: savedViews.name,
  shared: savedViews.shared,
  query: savedViews.query,
  user_id: savedViews.user_id,
  owner_name: users.name,
  updated_at: savedViews.updated_at,
};

type Row = {
  id: number;
  kind: string;
  name: string;
  shared: boolean;
  query: Record<string, string>;
  user_id: number;
  owner_name: string;
  updated_at: Date;
};

function toWire(r: Row, caller: Caller): SavedView {
  return {
    id: r.id,
    kind: r.kind as ReportKind,
    name: r.name,
    shared: r.shared,
    query: r.query,
    owner_name: r.owner_name,
    mine: r.user_id === caller.userId,
    updated_at: r.updated_at.toISOString(),
  };
}

/** The caller's views of `kind` and those shared with it, own first, then by name. */
export async function listViews(app: FastifyInstance, caller: SessionUser, kind: ReportKind) {
  await requireReport(app, caller, kind);
  const rows = await app.db
    .select(columns)
    .from(savedViews)
    .innerJoin(users, eq(users.id, savedViews.user_id))
    .where(and(eq(savedViews.kind, kind), visibleTo(caller)))
    .orderBy(sql`${savedViews.user_id} <> ${caller.userId}`, asc(savedViews.name), asc(savedViews.id));
  return rows.map((r) => toWire(r, caller));
}

/** One view the caller may see, or null. */
export async function visibleView(db: Db, caller: Caller, id: number): Promise<Row | null> {
  const [row] = await db
    .select(columns)
    .from(savedViews)
    .innerJoin(users, eq(users.id, savedViews.user_id))
    .where(and(eq(savedViews.id, id), visibleTo(caller)))
    .limit(1);
  return row ?? null;
}

/** Saves a new view owned by the caller; 10052 past the caps (caps.ts). */
export async function createView(app: FastifyInstance, caller: SessionUser, body: SavedViewBody, now: Date) {
  await requireReport(app, caller, body.kind);
  const [row] = await app.db.transaction(async (tx) => {
    await enforceCap(tx, caller, 'views', SAVED_VIEW_CAPS);
    return tx
      .insert(savedViews)
      .values({
        user_id: caller.userId,
        kind: body.kind,
        name: body.name,
        shared: body.shared,
        query: keptQuery(body.query),
        created_at: now,
        updated_at: now,
      })
      .returning({ id: savedViews.id });
  });
  if (!row) throw new Error('view not inserted');
  const saved = await visibleView(app.db, caller, row.id);
  if (!saved) throw new Error('view not readable after insert');
  return toWire(saved, caller);
}

/**
 * Refuses (10033) a change to the caller's view `id` that would take it from other members who
 * schedule it: their schedules mail the view's report as they see it (issue 13 item 8), so the view
 * must stay shared and of its kind while they exist. The view row is locked (FOR UPDATE), so a
 * schedule created meanwhile (its foreign key locks the row too) waits for the change to commit.
 * Without a row of the caller's: 10008.
 */
async function guardOthersSchedules(
  tx: Executor,
  caller: Caller,
  id: number,
  change: { shared: boolean; kind: ReportKind } | 'delete',
) {
  const [view] = await tx
    .select({ shared: savedViews.shared, kind: savedViews.kind })
    .from(savedViews)
    .where(and(eq(savedViews.id, id), eq(savedViews.user_id, caller.userId)))
    .for('update');
  if (!view) throw new AppError(10008);
  const takesAway = change === 'delete' || !change.shared || change.kind !== view.kind;
  if (!takesAway) return;
  const [others] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(reportSchedules)
    .where(and(eq(reportSchedules.view_id, id), ne(reportSchedules.user_id, caller.userId)));
  if ((others?.n ?? 0) > 0) throw new AppError(10033, { schedules: others?.n });
}

/** Replaces the caller's own view `id`; 10008 when it is not the caller's. */
export async function updateView(
  app: FastifyInstance,
  caller: SessionUser,
  id: number,
  body: SavedViewBody,
  now: Date,
) {
  await requireReport(app, caller, body.kind);
  const updated = await app.db.transaction(async (tx) => {
    await guardOthersSchedules(tx, caller, id, { shared: body.shared, kind: body.kind });
    return tx
      .update(savedViews)
      .set({
        kind: body.kind,
        name: body.name,
        shared: body.shared,
        query: keptQuery(body.query),
        updated_at: now,
      })
      .where(and(eq(savedViews.id, id), eq(savedViews.user_id, caller.userId)))
      .returning({ id: savedViews.id });
  });
  if (updated.length === 0) throw new AppError(10008);
  const saved = await visibleView(app.db, caller, id);
  if (!saved) throw new AppError(10008);
  return toWire(saved, caller);
}

/**
 * Deletes the caller's own view `id` with the caller's own schedules of it and their runs; 10008 when
 * it is not the caller's, 10033 while other members schedule it (their schedules are never deleted
 * behind their backs).
 */
export async function deleteView(db: Db, caller: Caller, id: number) {
  await db.transaction(async (tx) => {
    await guardOthersSchedules(tx, caller, id, 'delete');
    await tx.delete(savedViews).where(and(eq(savedViews.id, id), eq(savedViews.user_id, caller.userId)));
  });
}

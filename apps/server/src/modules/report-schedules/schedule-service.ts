/**
 * Report schedules (issue 13 item 8, contracts report-views.ts): CRUD scoped to the caller. A
 * schedule belongs to the user who made it and mails a view that user can see (its own or one shared
 * in its organisation), to members of the caller's organisation only (checked here on save and again
 * at each send by worker.ts). The time zone defaults to the network's REPORT_TIMEZONE.
 */
import { randomBytes } from 'node:crypto';
import type { Lang } from '@portal/contracts/codes.ts';
import { UserStatus } from '@portal/contracts/constants.ts';
import {
  type ReportSchedule,
  type ReportScheduleBody,
  SCHEDULE_CAPS,
} from '@portal/contracts/report-views.ts';
import type { ReportKind } from '@portal/contracts/reports-kinds.ts';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { reportScheduleRuns, reportSchedules, savedViews } from '../../db/schema/report-views.ts';
import { users } from '../../db/schema/users.ts';
import { AppError, paramError } from '../../lib/app-error.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { requireReport } from '../permission/report-access.ts';
import { enforceCap } from '../saved-views/caps.ts';
import { visibleView } from '../saved-views/view-service.ts';
import { exporters } from './attachment.ts';
import { nextDue } from './due.ts';
import { queueRun } from './runs.ts';

type Caller = Pick<SessionUser, 'userId' | 'accountId'>;

/** Active members' e-mails of organisation (account) `accountId`, sorted. */
export async function organisationEmails(db: Db, accountId: number | null): Promise<string[]> {
  if (accountId === null) return [];
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.account_id, accountId), eq(users.status, UserStatus.ACTIVE)))
    .orderBy(asc(users.email));
  return rows.map((r) => r.email);
}

const msg = (lang: Lang, zh: string, en: string) => (lang === 'zh' ? zh : en);

/** The row values of `body` after the checks (604 / 10008 / 402 / 601). */
async function checked(app: FastifyInstance, caller: SessionUser, body: ReportScheduleBody, lang: Lang) {
  const view = await visibleView(app.db, caller, body.view_id);
  if (!view) throw new AppError(10008);
  const kind = view.kind as ReportKind;
  if (!exporters[kind]) {
    throw paramError([
      {
        field: 'view_id',
        message: msg(lang, '该报表不支持导出，无法定时发送', 'This report has no export to mail'),
      },
    ]);
  }
  await requireReport(app, caller, kind);
  const exporter = exporters[kind];
  if (!exporter?.schema.safeParse({ ...view.query, format: body.format }).success) {
    throw paramError([
      {
        field: 'view_id',
        message: msg(lang, '该视图的查询条件无效', 'The view does not describe a valid report'),
      },
    ]);
  }
  const members = new Set(await organisationEmails(app.db, caller.accountId));
  const recipients = [...new Set(body.recipients)];
  const outsiders = recipients.filter((r) => !members.has(r));
  if (outsiders.length > 0) {
    throw paramError([
      {
        field: 'recipients',
        message: msg(
          lang,
          `只能发送给本组织的成员：${outsiders.join(', ')}`,
          `Only members of your organisation can receive it: ${outsiders.join(', ')}`,
        ),
      },
    ]);
  }
  const rule = {
    frequency: body.frequency,
    weekday: body.frequency === 'weekly' ? (body.weekday ?? null) : null,
    hour: body.hour,
    timezone: body.timezone ?? app.config.reportTimezone,
  };
  return {
    view_id: view.id,
    ...rule,
    recipients,
    format: body.format,
    lang,
    next_due_at: nextDue(rule, app.now()),
  };
}

/** The caller's schedules with their view and latest run, by id. */
export async function listSchedules(db: Db, caller: Caller): Promise<ReportSchedule[]> {
  const rows = await db
    .select({ s: reportSchedules, view_name: savedViews.name, kind: savedViews.kind })
    .from(reportSchedules)
    .innerJoin(savedViews, eq(savedViews.id, reportSchedules.view_id))
    .where(eq(reportSchedules.user_id, caller.userId))
    .orderBy(asc(reportSchedules.id));
  const ids = rows.map((r) => r.s.id);
  const runs = ids.length
    ? await db
        .select()
        .from(reportScheduleRuns)
        .where(inArray(reportScheduleRuns.schedule_id, ids))
        .orderBy(desc(reportScheduleRuns.due_at))
    : [];
  const latest = new Map<number, (typeof runs)[number]>();
  for (const run of runs) if (!latest.has(run.schedule_id)) latest.set(run.schedule_id, run);
  return rows.map(({ s, view_name, kind }) => {
    const run = latest.get(s.id);
    return {
      id: s.id,
      view_id: s.view_id,
      view_name,
      kind: kind as ReportKind,
      frequency: s.frequency as 'daily' | 'weekly',
      weekday: s.weekday,
      hour: s.hour,
      timezone: s.timezone,
      recipients: s.recipients,
      format: s.format as 'xlsx' | 'csv',
      next_due_at: s.next_due_at.toISOString(),
      last_due_at: run ? run.due_at.toISOString() : null,
      last_status: run ? (run.status as 'sent' | 'pending' | 'failed') : null,
      last_error: run?.last_error ?? null,
    };
  });
}

async function one(db: Db, caller: Caller, id: number): Promise<ReportSchedule> {
  const found = (await listSchedules(db, caller)).find((s) => s.id === id);
  if (!found) throw new AppError(10008);
  return found;
}

/** Creates a schedule owned by the caller; 10052 past the caps (saved-views/caps.ts). */
export async function createSchedule(
  app: FastifyInstance,
  caller: SessionUser,
  body: ReportScheduleBody,
  lang: Lang,
) {
  const values = await checked(app, caller, body, lang);
  const now = app.now();
  const [row] = await app.db.transaction(async (tx) => {
    await enforceCap(tx, caller, 'schedules', SCHEDULE_CAPS);
    return tx
      .insert(reportSchedules)
      .values({
        ...values,
        user_id: caller.userId,
        unsubscribe_secret: randomBytes(32).toString('base64url'),
        created_at: now,
        updated_at: now,
      })
      .returning({ id: reportSchedules.id });
  });
  if (!row) throw new Error('schedule not inserted');
  return one(app.db, caller, row.id);
}

/** Replaces the caller's own schedule `id` (10008 otherwise); the next send is computed anew. */
export async function updateSchedule(
  app: FastifyInstance,
  caller: SessionUser,
  id: number,
  body: ReportScheduleBody,
  lang: Lang,
) {
  const values = await checked(app, caller, body, lang);
  const updated = await app.db
    .update(reportSchedules)
    .set({ ...values, updated_at: app.now() })
    .where(and(eq(reportSchedules.id, id), eq(reportSchedules.user_id, caller.userId)))
    .returning({ id: reportSchedules.id });
  if (updated.length === 0) throw new AppError(10008);
  return one(app.db, caller, id);
}

/**
 * Queues a send of the caller's own schedule `id` now (10008 otherwise), beside its regular ones: one
 * run due at this second, so repeated clicks within a second queue it once. `limit` refuses (10002)
 * past the send-now limits, counted only for the caller's own schedules.
 */
export async function queueSendNow(
  app: FastifyInstance,
  caller: Caller,
  id: number,
  limit: (id: number) => Promise<void>,
) {
  const [own] = await app.db
    .select({ id: reportSchedules.id })
    .from(reportSchedules)
    .where(and(eq(reportSchedules.id, id), eq(reportSchedules.user_id, caller.userId)));
  if (!own) throw new AppError(10008);
  await limit(id);
  const now = app.now();
  const due = new Date(Math.floor(now.getTime() / 1000) * 1000);
  await app.db.transaction((tx) => queueRun(tx, id, due, now));
  return one(app.db, caller, id);
}

/** Deletes the caller's own schedule `id` (10008 otherwise). */
export async function deleteSchedule(db: Db, caller: Caller, id: number) {
  const deleted = await db
    .delete(reportSchedules)
    .where(and(eq(reportSchedules.id, id), eq(reportSchedules.user_id, caller.userId)))
    .returning({ id: reportSchedules.id });
  if (deleted.length === 0) throw new AppError(10008);
}

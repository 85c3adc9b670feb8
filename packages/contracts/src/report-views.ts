/**
 * Saved report views and scheduled report mails (issue 13 items 7–8). Times are ISO 8601 UTC strings.
 *
 * A view is a report kind plus the wire query its page sends (contracts reports-*.ts, report-view.ts):
 * `fields` in order, `titles`, `order`, the filters, `dt` (or `start_date`/`end_date`), `preset`,
 * `compare`, fixed parameters such as `db_source`; paging and `format` are dropped by the server.
 *
 * Routes (all need a session, `token` header; 604 on bad input, 10008 for a view or schedule the
 * caller may not see or change, 402 when the kind's report is not permitted):
 * - `GET    /v1/report/views?kind=`        → `savedViewList`: the caller's own views of `kind` and those
 *   its organisation's members shared
 * - `POST   /v1/report/views`              body `savedViewBody` → `savedView`
 * - `PUT    /v1/report/views/:id`          body `savedViewBody` → `savedView` (own views only)
 * - `DELETE /v1/report/views/:id`          → null (own views only; its schedules go with it)
 * - `GET    /v1/report/schedules`          → `reportScheduleList` (the caller's own schedules)
 * - `GET    /v1/report/schedules/recipients` → `{ list: string[] }` the e-mails of the caller's organisation
 * - `POST   /v1/report/schedules`          body `reportScheduleBody` → `reportSchedule`
 * - `PUT    /v1/report/schedules/:id`      body `reportScheduleBody` → `reportSchedule`
 * - `POST   /v1/report/schedules/:id/send_now` → `reportSchedule`: one extra send, queued now
 * - `DELETE /v1/report/schedules/:id`      → null
 * - `GET    /v1/report/unsubscribe?token=` (no session) → an HTML page; removes that address
 */
import { z } from 'zod';
import { kindsWhere, type ReportKind } from './report-registry/index.ts';
import { reportKinds } from './reports-kinds.ts';
import { cleanName } from './text-rules.ts';
import { isTimeZone } from './time-zones.ts';

export { isTimeZone };

/** Query parameters a view never keeps (paging, the export's format). */
/**
 * Caps (issue 22 item 8): saved views and schedules per user and per organisation; one more answers
 * 10052 with `data: { limit, scope }` (`scope` 'user' or 'organisation').
 */
export const SAVED_VIEW_CAPS = { user: 50, organisation: 500 } as const;
export const SCHEDULE_CAPS = { user: 20, organisation: 100 } as const;
/**
 * "Send now" limits (issue 22 item 8), like the mail codes': one per schedule a minute and ten per
 * user an hour; beyond, 10002 with `retry_after` (seconds).
 */
export const SEND_NOW_LIMITS = {
  perSchedule: { points: 1, durationSeconds: 60 },
  perUser: { points: 10, durationSeconds: 3600 },
} as const;

export const viewQueryDropped = ['page_index', 'page_size', 'page_no', 'format'] as const;

/** A view's wire query: at most 40 parameters, names `a-z0-9_`, values at most 2000 characters. */
export const savedViewQuery = z
  .record(z.string().regex(/^[a-z][a-z0-9_]{0,39}$/), z.string().max(2000))
  .refine((q) => Object.keys(q).length <= 40, { message: 'at most 40 parameters' });
export type SavedViewQuery = z.infer<typeof savedViewQuery>;

export const savedViewBody = z.object({
  kind: z.enum(reportKinds),
  name: cleanName(60),
  /** true: every member of the organisation sees it; false: only its owner. */
  shared: z.boolean(),
  query: savedViewQuery,
});
export type SavedViewBody = z.infer<typeof savedViewBody>;

export const savedView = z.object({
  id: z.number().int(),
  kind: z.enum(reportKinds),
  name: z.string(),
  shared: z.boolean(),
  query: z.record(z.string(), z.string()),
  owner_name: z.string(),
  /** Whether the caller owns it (and so may change, delete or schedule it). */
  mine: z.boolean(),
  updated_at: z.string(),
});
export type SavedView = z.infer<typeof savedView>;
export const savedViewList = z.object({ list: z.array(savedView) });
export const savedViewListQuery = z.object({ kind: z.enum(reportKinds) });
export const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Kinds a schedule can mail: those whose declaration says `schedulable` (report-registry). */
export const schedulableKinds: ReportKind[] = kindsWhere((d) => d.schedulable);

export const scheduleFrequencies = ['daily', 'weekly'] as const;
export type ScheduleFrequency = (typeof scheduleFrequencies)[number];

export const reportScheduleBody = z
  .object({
    view_id: z.number().int().positive().max(2_147_483_647),
    frequency: z.enum(scheduleFrequencies),
    /** 1 Monday … 7 Sunday (ISO 8601); required when weekly. */
    weekday: z.number().int().min(1).max(7).nullable().optional(),
    /** Hour of the day in `timezone`, 0–23. */
    hour: z.number().int().min(0).max(23),
    /** IANA name; default the network's REPORT_TIMEZONE. */
    timezone: z.string().max(64).refine(isTimeZone, { message: 'unknown time zone' }).optional(),
    /** Members' e-mails of the caller's organisation (server-checked), 1–20. */
    recipients: z.array(z.string().trim().toLowerCase().email().max(254)).min(1).max(20),
    format: z.enum(['xlsx', 'csv']),
  })
  .refine((b) => b.frequency === 'daily' || (b.weekday ?? null) !== null, {
    path: ['weekday'],
    message: 'required for a weekly schedule',
  });
export type ReportScheduleBody = z.infer<typeof reportScheduleBody>;

export const reportSchedule = z.object({
  id: z.number().int(),
  view_id: z.number().int(),
  view_name: z.string(),
  kind: z.enum(reportKinds),
  frequency: z.enum(scheduleFrequencies),
  weekday: z.number().int().nullable(),
  hour: z.number().int(),
  timezone: z.string(),
  recipients: z.array(z.string()),
  format: z.enum(['xlsx', 'csv']),
  /** The next send (UTC). */
  next_due_at: z.string(),
  /** The latest send's due time and outcome: 'sent', 'pending' (queued or retrying) or 'failed'. */
  last_due_at: z.string().nullable(),
  last_status: z.enum(['sent', 'pending', 'failed']).nullable(),
  /** Why the latest send failed (e.g. the owner lost access to the report), in English. */
  last_error: z.string().nullable(),
});
export type ReportSchedule = z.infer<typeof reportSchedule>;
export const reportScheduleList = z.object({ list: z.array(reportSchedule) });
export const recipientList = z.object({ list: z.array(z.string()) });
export type RecipientList = z.infer<typeof recipientList>;

/** `GET|POST /v1/report/unsubscribe`: the token of the mail's unsubscribe link is the credential. */
export const unsubscribeQuery = z.object({ token: z.string().max(600) });

/**
 * The scheduled-report jobs (issue 13 item 8, issue 22 item 19) on the job queue (plugins/jobs), so a
 * restart loses no send and several instances send none twice:
 *
 * 1. `report-schedules.due`, every minute (one job per minute however many instances): `enqueueDue`
 *    locks the schedules whose `next_due_at` has passed (`FOR UPDATE SKIP LOCKED`), queues one run per
 *    (schedule, due time) with its send job (runs.ts; unique, so a retry inserts nothing), and moves
 *    `next_due_at` to the first due time after now (a portal that was down for days sends the latest
 *    missed report once, not one per missed day), in one transaction.
 * 2. `report-schedule.send`, one job per run: the queue claims it with a 60 s lease renewed while the
 *    export and the mails run, so a send that takes minutes keeps it, and one whose instance died is
 *    taken over within about a minute (not after the export timeout). `processRun` checks the owner
 *    may still open the report, then builds one attachment per distinct scope of the recipients
 *    still in the owner's organisation, each as that recipient may see it now (attachment.ts; issue
 *    22 item 7: a recipient never receives more than their own data permission shows them, and one
 *    who may not open the report receives nothing), and mails each recipient theirs, adding each address to `sent_to` as soon as its mail was handed over; a
 *    run taken over or retried mails only the others. The one window left is a crash between the
 *    SMTP server accepting a mail and that update: the mail then goes again with the same Message-ID,
 *    which receivers may drop.
 * 3. A refused send (the owner lost access, the view is invalid, no recipient left) fails at once;
 *    other errors retry with the queue's backoff up to SEND_MAX_ATTEMPTS. A failed run is recorded
 *    (status, error) and its owner notified (`report_schedule_failed`), in the transaction that
 *    fails the job.
 *
 * `report_schedule_runs` stays the send history the schedules page reads (decided here, rather than
 * reading the jobs table): it outlives the queue's pruning and carries `sent_to` and the row count.
 */
import { createHash } from 'node:crypto';
import type { Lang } from '@portal/contracts/codes.ts';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { reportScheduleRuns, reportSchedules, savedViews } from '../../db/schema/report-views.ts';
import { type JobContext, type JobRunner, PermanentJobError } from '../../plugins/jobs/runner.ts';
import type { Mail } from '../../plugins/mailer.ts';
import { notify } from '../notifications/notify.ts';
import {
  type Attachment,
  assertSendable,
  buildAttachment,
  NoAccess,
  ownerAsCaller,
  recipientAsCaller,
  SendRefused,
  scopeKey,
} from './attachment.ts';
import { nextDue } from './due.ts';
import { queueRun, SEND_JOB, SEND_MAX_ATTEMPTS } from './runs.ts';
import { organisationEmails } from './schedule-service.ts';
import { unsubscribeToken } from './unsubscribe.ts';

/** The periodic job that queues due runs. */
export const DUE_JOB = 'report-schedules.due';

type Rule = { frequency: 'daily' | 'weekly'; weekday: number | null; hour: number; timezone: string };

/** Queues a run for every schedule due at `now`; answers how many runs were queued. */
export async function enqueueDue(app: FastifyInstance, now: Date, batch = 50): Promise<number> {
  return app.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(reportSchedules)
      .where(lte(reportSchedules.next_due_at, now))
      .orderBy(asc(reportSchedules.id))
      .limit(batch)
      .for('update', { skipLocked: true });
    let inserted = 0;
    for (const s of due) {
      if ((await queueRun(tx, s.id, s.next_due_at, now)) !== null) inserted++;
      await tx
        .update(reportSchedules)
        .set({ next_due_at: nextDue(s as Rule, now) })
        .where(eq(reportSchedules.id, s.id));
    }
    return inserted;
  });
}

const mailText = {
  zh: (name: string, rows: number, link: string) =>
    `您订阅的报表「${name}」见附件（${rows} 行）。\n\n退订：${link}\n`,
  en: (name: string, rows: number, link: string) =>
    `Your scheduled report "${name}" is attached (${rows} rows).\n\nUnsubscribe: ${link}\n`,
};

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/** Sends the run of one `report-schedule.send` job (see 2. and 3. above); the run row records it. */
export async function processRun(
  app: FastifyInstance,
  send: (mail: Mail) => Promise<void>,
  job: JobContext,
  now: () => Date = () => app.now(),
): Promise<void> {
  const runId = Number(job.payload.run_id);
  const thisRun = eq(reportScheduleRuns.id, runId);
  const [run] = await app.db.select().from(reportScheduleRuns).where(thisRun).limit(1);
  if (run?.status !== 'pending') return;
  await app.db.update(reportScheduleRuns).set({ attempts: job.attempt }).where(thisRun);
  try {
    const [found] = await app.db
      .select({ s: reportSchedules, view: savedViews })
      .from(reportSchedules)
      .innerJoin(savedViews, eq(savedViews.id, reportSchedules.view_id))
      .where(eq(reportSchedules.id, run.schedule_id));
    if (!found) throw new SendRefused('the schedule no longer exists');
    const { s, view } = found;
    const owner = await ownerAsCaller(app, s.user_id);
    const members = new Set(await organisationEmails(app.db, owner.accountId));
    const to = s.recipients.filter((r) => members.has(r) && !run.sent_to.includes(r));
    if (to.length === 0 && run.sent_to.length === 0) throw new SendRefused('no recipient left');
    const lang = (s.lang === 'en' ? 'en' : 'zh') as Lang;
    const opts = { format: s.format as 'xlsx' | 'csv', frequency: s.frequency as 'daily' | 'weekly', lang };
    // The owner must still be able to open the report at all (else the schedule fails, as before).
    await assertSendable(app, owner, view);
    // One attachment per distinct scope of the recipients, each built as that recipient may see it.
    const files = new Map<string, Attachment | null>();
    let rows = 0;
    const skipped: string[] = [];
    for (const email of to) {
      // Another instance took the run over (this one lost its lease): it mails the rest.
      job.signal.throwIfAborted();
      const viewer = await recipientAsCaller(app, email, owner.accountId);
      const key = viewer ? await scopeKey(app, viewer) : 'none';
      if (!files.has(key)) {
        files.set(
          key,
          viewer
            ? await buildAttachment(app, viewer, view, { ...opts, now: now() }).catch((err) => {
                if (err instanceof NoAccess) return null;
                throw err;
              })
            : null,
        );
      }
      const file = files.get(key);
      if (!file) {
        skipped.push(email);
        continue;
      }
      rows = Math.max(rows, file.rows);
      const link = `${app.config.publicUrl}/v1/report/unsubscribe?token=${unsubscribeToken(s.id, s.unsubscribe_secret, email)}`;
      const tag = createHash('sha256').update(email).digest('hex').slice(0, 16);
      await send({
        to: email,
        subject: lang === 'zh' ? `定时报表：${view.name}` : `Scheduled report: ${view.name}`,
        text: mailText[lang](view.name, file.rows, link),
        attachments: [{ filename: file.filename, content: file.content, contentType: file.contentType }],
        headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        messageId: `<report-run-${run.id}-${tag}@publisher-portal>`,
      });
      await app.db
        .update(reportScheduleRuns)
        .set({ sent_to: sql`${reportScheduleRuns.sent_to} || ${JSON.stringify([email])}::jsonb` })
        .where(thisRun);
    }
    if (skipped.length === to.length && run.sent_to.length === 0) {
      throw new SendRefused('no recipient may open this report');
    }
    const file = { rows };
    await app.db
      .update(reportScheduleRuns)
      .set({ status: 'sent', finished_at: now(), last_error: null, row_count: file.rows })
      .where(and(thisRun, eq(reportScheduleRuns.status, 'pending')));
  } catch (err) {
    const text = errorText(err);
    await app.db.update(reportScheduleRuns).set({ last_error: text }).where(thisRun);
    throw err instanceof SendRefused ? new PermanentJobError(text) : err;
  }
}

/** The run of a failed send job: recorded failed, and its owner notified (same transaction). */
export async function recordRunFailed(tx: Tx, job: JobContext, error: string, now: Date): Promise<void> {
  const [run] = await tx
    .update(reportScheduleRuns)
    .set({ status: 'failed', finished_at: now, last_error: error.slice(0, 500) })
    .where(
      and(eq(reportScheduleRuns.id, Number(job.payload.run_id)), eq(reportScheduleRuns.status, 'pending')),
    )
    .returning({ schedule_id: reportScheduleRuns.schedule_id });
  if (!run) return;
  const [found] = await tx
    .select({ user_id: reportSchedules.user_id, view_name: savedViews.name })
    .from(reportSchedules)
    .innerJoin(savedViews, eq(savedViews.id, reportSchedules.view_id))
    .where(eq(reportSchedules.id, run.schedule_id));
  if (!found) return;
  await notify(tx, {
    kind: 'report_schedule_failed',
    to: { userId: found.user_id },
    params: { schedule_id: run.schedule_id, view_name: found.view_name, error: error.slice(0, 500) },
    now,
  });
}

/** Defines the schedule jobs on `runner`; `send` delivers one mail; `now` is the clock (app.now). */
export function defineScheduleJobs(
  runner: JobRunner,
  app: FastifyInstance,
  send: (mail: Mail) => Promise<void>,
  now: () => Date = () => app.now(),
): void {
  runner.every(DUE_JOB, { everyMs: 60_000 }, async () => {
    await enqueueDue(app, now());
  });
  runner.define(SEND_JOB, (job) => processRun(app, send, job, now), {
    maxAttempts: SEND_MAX_ATTEMPTS,
    onFailed: (tx, job, error) => recordRunFailed(tx, job, error, now()),
  });
}

/**
 * The scheduled-report job (issue 13 item 8): an outbox table (`report_schedule_runs`) worked by
 * every server instance, so a restart loses no send and sends none twice.
 *
 * 1. `enqueueDue` locks the schedules whose `next_due_at` has passed (`FOR UPDATE SKIP LOCKED`),
 *    inserts one run per (schedule, due time) — unique, so a second worker or a retry after a crash
 *    inserts nothing — and moves `next_due_at` to the first due time after now (a server that was
 *    down for days sends the latest missed report once, not one per missed day), in one transaction.
 * 2. `claimRuns` takes pending runs whose retry time has come and which no live lease holds, with
 *    `FOR UPDATE SKIP LOCKED`, and stamps a lease and the attempt count in the same statement (as the
 *    to-do outbox does, notifications/delivery.ts).
 * 3. `processRun` builds the attachment as the owner may see it now (attachment.ts) and mails each
 *    recipient still in the owner's organisation, adding each address to `sent_to` as soon as its mail
 *    was handed over; a run retried after a crash mails only the others. The one window left is a
 *    crash between the SMTP server accepting a mail and that update: the mail then goes again with
 *    the same Message-ID, which receivers may drop.
 * 4. A refused send (the owner lost access, the view is invalid, no recipient left) fails at once;
 *    other errors retry with backoff (notifications/delivery.ts `backoffMs`) up to MAX_ATTEMPTS.
 */
import { createHash } from 'node:crypto';
import type { Lang } from '@portal/contracts/codes.ts';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { reportScheduleRuns, reportSchedules, savedViews } from '../../db/schema/report-views.ts';
import type { Mail } from '../../plugins/mailer.ts';
import { backoffMs } from '../notifications/delivery.ts';
import { buildAttachment, ownerAsCaller, SendRefused } from './attachment.ts';
import { nextDue } from './due.ts';
import { organisationEmails } from './schedule-service.ts';
import { unsubscribeToken } from './unsubscribe.ts';

export const MAX_ATTEMPTS = 6;

export type ScheduleWorkerOptions = {
  now: () => Date;
  send: (mail: Mail) => Promise<void>;
  log: FastifyBaseLogger;
  /** How long a claim holds a run, ms; must exceed one run's export and mails. */
  leaseMs?: number;
  batch?: number;
};

type Rule = { frequency: 'daily' | 'weekly'; weekday: number | null; hour: number; timezone: string };

/** Queues a run for every schedule due at `now`; answers how many runs were inserted. */
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
      const rows = await tx
        .insert(reportScheduleRuns)
        .values({ schedule_id: s.id, due_at: s.next_due_at, next_attempt_at: now, created_at: now })
        .onConflictDoNothing()
        .returning({ id: reportScheduleRuns.id });
      inserted += rows.length;
      await tx
        .update(reportSchedules)
        .set({ next_due_at: nextDue(s as Rule, now) })
        .where(eq(reportSchedules.id, s.id));
    }
    return inserted;
  });
}

type Claimed = { id: number; schedule_id: number; due_at: Date; attempts: number; sent_to: string[] };

/** Claims up to `batch` runs for this worker until `now + leaseMs`. */
export async function claimRuns(
  app: FastifyInstance,
  now: Date,
  leaseMs: number,
  batch: number,
): Promise<{ lease: Date; runs: Claimed[] }> {
  const lease = new Date(now.getTime() + leaseMs);
  const due = app.db
    .select({ id: reportScheduleRuns.id })
    .from(reportScheduleRuns)
    .where(
      and(
        eq(reportScheduleRuns.status, 'pending'),
        lte(reportScheduleRuns.next_attempt_at, now),
        or(isNull(reportScheduleRuns.lease_until), lt(reportScheduleRuns.lease_until, now)),
      ),
    )
    .orderBy(asc(reportScheduleRuns.id))
    .limit(batch)
    .for('update', { skipLocked: true });
  const runs = await app.db
    .update(reportScheduleRuns)
    .set({ lease_until: lease, attempts: sql`${reportScheduleRuns.attempts} + 1` })
    .where(inArray(reportScheduleRuns.id, due))
    .returning({
      id: reportScheduleRuns.id,
      schedule_id: reportScheduleRuns.schedule_id,
      due_at: reportScheduleRuns.due_at,
      attempts: reportScheduleRuns.attempts,
      sent_to: reportScheduleRuns.sent_to,
    });
  return { lease, runs: runs.sort((a, b) => a.id - b.id) };
}

const mailText = {
  zh: (name: string, rows: number, link: string) =>
    `您订阅的报表「${name}」见附件（${rows} 行）。\n\n退订：${link}\n`,
  en: (name: string, rows: number, link: string) =>
    `Your scheduled report "${name}" is attached (${rows} rows).\n\nUnsubscribe: ${link}\n`,
};

/** Sends one claimed run (see 3. and 4. above); the run row records the outcome. */
export async function processRun(
  app: FastifyInstance,
  run: Claimed,
  lease: Date,
  opts: ScheduleWorkerOptions,
): Promise<'sent' | 'failed' | 'retry'> {
  const mine = and(eq(reportScheduleRuns.id, run.id), eq(reportScheduleRuns.lease_until, lease));
  const finish = (status: 'sent' | 'failed', error: string | null, rows: number | null) =>
    app.db
      .update(reportScheduleRuns)
      .set({ status, lease_until: null, finished_at: opts.now(), last_error: error, row_count: rows })
      .where(mine);
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
    const file = await buildAttachment(app, owner, view, {
      format: s.format as 'xlsx' | 'csv',
      frequency: s.frequency as 'daily' | 'weekly',
      lang,
      now: opts.now(),
    });
    for (const email of to) {
      const link = `${app.config.publicUrl}/v1/report/unsubscribe?token=${unsubscribeToken(s.id, s.unsubscribe_secret, email)}`;
      const tag = createHash('sha256').update(email).digest('hex').slice(0, 16);
      await opts.send({
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
        .where(eq(reportScheduleRuns.id, run.id));
    }
    await finish('sent', null, file.rows);
    return 'sent';
  } catch (err) {
    const text = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    if (err instanceof SendRefused || run.attempts >= MAX_ATTEMPTS) {
      await finish('failed', text, null);
      return 'failed';
    }
    opts.log.warn({ err, run: run.id }, 'scheduled report send failed; will retry');
    await app.db
      .update(reportScheduleRuns)
      .set({
        lease_until: null,
        next_attempt_at: new Date(opts.now().getTime() + backoffMs(run.attempts)),
        last_error: text,
      })
      .where(mine);
    return 'retry';
  }
}

/** One pass: queue what is due, then claim and send one batch. */
export async function workSchedules(app: FastifyInstance, opts: ScheduleWorkerOptions) {
  await enqueueDue(app, opts.now());
  const leaseMs = opts.leaseMs ?? app.config.reportExportTimeoutMs + 300_000;
  const { lease, runs } = await claimRuns(app, opts.now(), leaseMs, opts.batch ?? 5);
  const results: Array<'sent' | 'failed' | 'retry'> = [];
  for (const run of runs) results.push(await processRun(app, run, lease, opts));
  return results;
}

export type ScheduleWorker = { tick: () => Promise<void>; stop: () => Promise<void> };

/** Polls every `intervalMs` while the app runs; `stop` waits for the pass in flight. */
export function startScheduleWorker(
  app: FastifyInstance,
  opts: ScheduleWorkerOptions,
  intervalMs: number,
): ScheduleWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const pass = async () => {
    try {
      await workSchedules(app, opts);
    } catch (err) {
      app.log.error({ err }, 'scheduled report pass failed');
    }
  };
  const schedule = () => {
    if (stopped || intervalMs <= 0) return;
    timer = setTimeout(() => {
      running = pass().finally(schedule);
    }, intervalMs);
    timer.unref();
  };
  schedule();
  return {
    tick: () => {
      running = running.then(pass);
      return running;
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/**
 * Mailing a notification: the `notification.email` job (notify.ts enqueues one per notification that
 * goes by e-mail). The mail is written in the recipient's language (language.ts: recorded at sign-in
 * and at each language switch; zh when unknown) through the mailer (SMTP_URL, or DATA_DIR/outbox).
 *
 * Once per notification: the job is keyed by the notification's id (one job however many instances),
 * `emailed_at` is set after the mailer accepted it, and a job run again (its instance died after the
 * hand-over, before marking) finds `emailed_at` set and sends nothing. The one window left, a crash
 * between the SMTP server's acceptance and that update, sends the mail again with the same
 * Message-ID (`<notification-<id>@publisher-portal>`), which receivers may drop, and the dev outbox
 * does drop (plugins/mailer.ts). Users inactivated or deleted meanwhile get nothing.
 */
import type { Lang } from '@portal/contracts/codes.ts';
import { UserStatus } from '@portal/contracts/constants.ts';
import { renderNotification } from '@portal/contracts/notifications.ts';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notifications, userLanguages } from '../../db/schema/notifications.ts';
import { users } from '../../db/schema/users.ts';
import type { JobContext, JobRunner } from '../../plugins/jobs/runner.ts';
import type { Mail } from '../../plugins/mailer.ts';
import { EMAIL_JOB } from './notify.ts';

/** The web page of notification preferences (mails link to it). */
export const PREFERENCES_PATH = '/account/notifications';

const footer = {
  zh: (open: string, prefs: string) => `查看详情：${open}\n\n选择接收哪些通知：${prefs}\n`,
  en: (open: string, prefs: string) => `Open it: ${open}\n\nChoose which notifications you get: ${prefs}\n`,
};

/** The mail of notification `n` to its recipient in `lang`. */
export function notificationMail(
  publicUrl: string,
  n: { id: number; kind: string; params: Record<string, unknown>; email: string },
  lang: Lang,
): Mail {
  const r = renderNotification(n.kind, n.params, lang);
  return {
    to: n.email,
    subject: r.title,
    text: `${r.body}\n\n${footer[lang](`${publicUrl}${r.link}`, `${publicUrl}${PREFERENCES_PATH}`)}`,
    messageId: `<notification-${n.id}@publisher-portal>`,
  };
}

/** Sends the mail of the job's notification (see the module doc). */
export async function mailNotification(
  app: FastifyInstance,
  send: (mail: Mail) => Promise<void>,
  job: JobContext,
): Promise<void> {
  const id = Number(job.payload.notification_id);
  const [row] = await app.db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      params: notifications.params,
      emailed_at: notifications.emailed_at,
      email: users.email,
      lang: userLanguages.lang,
      status: users.status,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.user_id))
    .leftJoin(userLanguages, eq(userLanguages.user_id, notifications.user_id))
    .where(eq(notifications.id, id))
    .limit(1);
  if (!row || row.emailed_at) return;
  if (row.status === UserStatus.INACTIVE || row.status === UserStatus.DELETED) return;
  await send(notificationMail(app.config.publicUrl, row, row.lang === 'en' ? 'en' : 'zh'));
  await app.db
    .update(notifications)
    .set({ emailed_at: app.now() })
    .where(and(eq(notifications.id, id), isNull(notifications.emailed_at)));
}

/** Defines the `notification.email` kind on `runner`. */
export function defineNotificationEmail(
  runner: JobRunner,
  app: FastifyInstance,
  send: (mail: Mail) => Promise<void>,
): void {
  runner.define(EMAIL_JOB, (job) => mailNotification(app, send, job), { maxAttempts: 8 });
}

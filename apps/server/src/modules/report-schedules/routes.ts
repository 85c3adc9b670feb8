/**
 * Scheduled report routes (issue 13 item 8; contracts report-views.ts) and the job kinds that send
 * them (worker.ts, on the job queue of plugins/jobs). The unsubscribe route is public: its token is
 * the proof.
 */
import { endpoints } from '@portal/contracts/endpoints.ts';
import { SEND_NOW_LIMITS } from '@portal/contracts/report-views.ts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { route } from '../../lib/endpoint-route.ts';
import { requestLang } from '../../lib/request-lang.ts';
import { ok } from '../../lib/route-schema.ts';
import { createCounters } from '../../plugins/counters.ts';
import { createMailer } from '../../plugins/mailer.ts';
import { currentUser } from '../../plugins/session.ts';
import {
  createSchedule,
  deleteSchedule,
  listSchedules,
  organisationEmails,
  queueSendNow,
  updateSchedule,
} from './schedule-service.ts';
import { unsubscribe } from './unsubscribe.ts';
import { defineScheduleJobs } from './worker.ts';

const tags = ['report schedules'];

const pages = {
  removed: { zh: '已退订，您将不再收到该定时报表。', en: 'You are unsubscribed from this scheduled report.' },
  already: { zh: '该地址已不在此定时报表的收件人中。', en: 'This address no longer receives this report.' },
  invalid: { zh: '退订链接无效。', en: 'This unsubscribe link is not valid.' },
};

async function reportScheduleRoutesPlugin(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const mailer = createMailer(app.config, app.log);
  defineScheduleJobs(root.jobs, root, (m) => mailer.send(m));
  // After the job runner stopped (preClose), so no send is cut off.
  app.addHook('onClose', () => mailer.close());
  // "Send now" limits (contracts SEND_NOW_LIMITS), shared by the instances through Redis when set.
  const counters = createCounters(app.config);
  app.addHook('onClose', () => counters.close());
  const perSchedule = counters.counter('sendnow:schedule', SEND_NOW_LIMITS.perSchedule);
  const perUser = counters.counter('sendnow:user', SEND_NOW_LIMITS.perUser);

  // Every schedule route needs a session (caller `session`, endpoints/report-views.ts).
  await root.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();

    route(
      app,
      endpoints.reportViews.schedules,
      { tags, summary: "The caller's report schedules with their next send and the latest send's result" },
      async (request) => ok(request, { list: await listSchedules(app.db, currentUser(request)) }),
    );

    route(
      app,
      endpoints.reportViews.recipients,
      { tags, summary: "Addresses a schedule may mail: the caller's organisation's active members" },
      async (request) =>
        ok(request, { list: await organisationEmails(app.db, currentUser(request).accountId) }),
    );

    route(
      app,
      endpoints.reportViews.createSchedule,
      {
        tags,
        summary:
          'Mail a saved view daily or weekly at an hour in a time zone, to members of the organisation',
      },
      async (request) =>
        ok(request, await createSchedule(app, currentUser(request), request.body, requestLang(request))),
    );

    route(
      app,
      endpoints.reportViews.updateSchedule,
      { tags, summary: "Change one of the caller's schedules (10008 for another's)" },
      async (request) =>
        ok(
          request,
          await updateSchedule(
            app,
            currentUser(request),
            request.params.id,
            request.body,
            requestLang(request),
          ),
        ),
    );

    route(
      app,
      endpoints.reportViews.sendScheduleNow,
      {
        tags,
        summary:
          "Send one of the caller's schedules now, beside its regular sends (10008 for another's; 10002 with retry_after past one a minute per schedule, ten an hour per user)",
      },
      async (request) => {
        const user = currentUser(request);
        const answered = await queueSendNow(app, user, request.params.id, async (id) => {
          // The schedule's minute first: a click refused by it costs none of the user's hour.
          const wait =
            (await perSchedule.consume(String(id))) || (await perUser.consume(String(user.userId)));
          if (wait > 0) throw new AppError(10002, { retry_after: wait });
        });
        // Worked at the next poll, at once; the run is durable either way.
        app.jobs.wake();
        return ok(request, answered);
      },
    );

    route(
      app,
      endpoints.reportViews.removeSchedule,
      { tags, summary: "Delete one of the caller's schedules (10008 for another's)" },
      async (request) => {
        await deleteSchedule(app.db, currentUser(request), request.params.id);
        return ok(request, null);
      },
    );
  });

  // One-click unsubscribe (RFC 8058: mail clients POST; a person following the link GETs).
  const handler = async (token: string, lang: 'zh' | 'en') => {
    const result = await unsubscribe(app.db, token);
    const text = pages[result][lang];
    return `<!doctype html><html lang="${lang}"><meta charset="utf-8"><title>${text}</title><p>${text}</p></html>`;
  };
  // Encapsulated: the form body of a one-click POST (List-Unsubscribe=One-Click) is read nowhere else.
  await root.register(async (child) => {
    child.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, _b, done) =>
      done(null, null),
    );
    const options = { tags, summary: 'Remove the address of a scheduled report mail (no sign-in)' };
    for (const endpoint of [endpoints.reportViews.unsubscribePage, endpoints.reportViews.unsubscribe]) {
      route(child, endpoint, options, async (request, reply) =>
        reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(await handler(request.query.token, requestLang(request))),
      );
    }
  });
}

/** Not encapsulated (fastify-plugin): its job kinds are defined on the root's runner. */
export const reportScheduleRoutes = fp(reportScheduleRoutesPlugin, {
  name: 'report-schedules',
  dependencies: ['jobs'],
});

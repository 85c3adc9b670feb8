/**
 * app-ads.txt routes and jobs (issue 27 item 3; contracts app-ads.ts). Thin: app-ads-service.ts does
 * the work.
 *
 * Jobs (plugins/jobs): `app_ads.daily` runs each day at APP_ADS_CHECK_HOUR (REPORT_TIMEZONE) and
 * enqueues one `app_ads.check` per app with a website, keyed by app and day, so several instances
 * check each app once a day; a check whose crawl throws is retried (3 attempts). The on-demand check
 * (`POST /v1/app/app_ads_txt/check`) runs in the request (at most 10 s) and answers the new state.
 */
import { endpoints } from '@portal/contracts/endpoints.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { route } from '../../lib/endpoint-route.ts';
import { requestLang } from '../../lib/request-lang.ts';
import { ok } from '../../lib/route-schema.ts';
import { enqueueJob } from '../../plugins/jobs/queue.ts';
import { currentUser } from '../../plugins/session.ts';
import { requireManager } from '../apps/access.ts';
import {
  appsWithWebsite,
  getAppAdsState,
  listAppAdsStates,
  runCheck,
  setDeveloperWebsite,
} from './app-ads-service.ts';

export const CHECK_JOB = 'app_ads.check';
export const DAILY_JOB = 'app_ads.daily';

export async function appAdsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const settings = app.config.goLive;

  app.jobs.define(
    CHECK_JOB,
    async (job) => {
      await runCheck(app.db, Number(job.payload.app_id), settings, app.now());
    },
    { maxAttempts: 3 },
  );
  app.jobs.every(
    DAILY_JOB,
    { dailyAt: { hour: settings.appAdsCheckHour, timezone: app.config.reportTimezone } },
    async (job) => {
      const ids = await appsWithWebsite(app.db);
      const now = app.now();
      await app.db.transaction(async (tx) => {
        for (const id of ids) {
          await enqueueJob(
            tx,
            { kind: CHECK_JOB, key: `${id}:${job.key}`, payload: { app_id: id }, maxAttempts: 3 },
            now,
          );
        }
      });
      app.jobs.wake();
    },
  );

  app.register(async (scoped) => {
    const r = scoped.withTypeProvider<ZodTypeProvider>();
    const common = { tags: ['app-ads.txt'] };

    route(
      r,
      endpoints.appAds.state,
      {
        ...common,
        summary: "An app's developer website, the line to add to its app-ads.txt and the last check",
      },
      async (request) =>
        ok(
          request,
          await getAppAdsState(app.db, requireManager(currentUser(request)), request.query.app_id, settings),
        ),
    );

    route(
      r,
      endpoints.appAds.list,
      { ...common, summary: 'The app-ads.txt state of every live app within reach' },
      async (request) =>
        ok(request, { list: await listAppAdsStates(app.db, requireManager(currentUser(request)), settings) }),
    );

    route(
      r,
      endpoints.appAds.setWebsite,
      { ...common, summary: 'Set (or remove, with null or "") the developer website of an app' },
      async (request) =>
        ok(
          request,
          await setDeveloperWebsite(
            app.db,
            requireManager(currentUser(request)),
            request.body.app_id,
            request.body.developer_website,
            settings,
            requestLang(request),
            app.now(),
          ),
        ),
    );

    route(
      r,
      endpoints.appAds.check,
      { ...common, summary: "Check the app's app-ads.txt now (up to 10 s) and answer the new state" },
      async (request) => {
        const m = requireManager(currentUser(request));
        const before = await getAppAdsState(app.db, m, request.body.app_id, settings);
        if (!before.developer_website) throw new AppError(10151);
        await runCheck(app.db, request.body.app_id, settings, app.now());
        return ok(request, await getAppAdsState(app.db, m, request.body.app_id, settings));
      },
    );
  });
}

/**
 * App routes (spec §7 Apps; contracts apps.ts). Thin: access in access.ts, rules in app-rules.ts,
 * work in app-service.ts and app-status.ts.
 */
import { storeAddressProblem } from '@portal/contracts/apps.ts';
import { endpoints } from '@portal/contracts/endpoints.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { requestLang } from '../../lib/request-lang.ts';
import { ok } from '../../lib/route-schema.ts';
import { currentUser } from '../../plugins/session.ts';
import { requireManager } from './access.ts';
import {
  appOptions,
  createApp,
  getApp,
  listApps,
  nameTaken,
  ownedApp,
  packageTaken,
  updateApp,
} from './app-service.ts';
import { changeAppStatus, deleteApp } from './app-status.ts';

export async function appRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['apps'] };

  route(app, endpoints.apps.list, { ...common, summary: 'One page of apps' }, async (request) => {
    const m = requireManager(currentUser(request));
    return ok(request, await listApps(app.db, m, request.query, requestLang(request)));
  });

  route(app, endpoints.apps.options, { ...common, summary: 'App options (not deleted)' }, async (request) =>
    ok(request, await appOptions(app.db, requireManager(currentUser(request)))),
  );

  route(
    app,
    endpoints.apps.nameExists,
    { ...common, summary: 'Is the app name taken in the organisation' },
    async (request) => {
      const m = requireManager(currentUser(request));
      const { app_name, id, publisher_id } = request.query;
      // Operations check within the edited app's company, or the publisher they chose.
      const companyId =
        id !== undefined ? (await ownedApp(app.db, m, id)).company_id : (m.companyId ?? publisher_id ?? null);
      const exist =
        companyId !== null && app_name.trim() !== '' && (await nameTaken(app.db, companyId, app_name, id));
      return ok(request, { exist });
    },
  );

  route(
    app,
    endpoints.apps.packageExists,
    { ...common, summary: 'Is the package taken in the network' },
    async (request) => {
      const m = requireManager(currentUser(request));
      const { package_name, id } = request.query;
      if (id !== undefined) await ownedApp(app.db, m, id);
      const exist = package_name.trim() !== '' && (await packageTaken(app.db, package_name, id));
      return ok(request, { exist });
    },
  );

  route(
    app,
    endpoints.apps.urlValid,
    { ...common, summary: 'Server check of the store address (format; Google Play id = package name)' },
    async (request) => {
      const m = requireManager(currentUser(request));
      const { url, is_online, package_name, id } = request.query;
      const pkg = package_name || (id !== undefined ? (await ownedApp(app.db, m, id)).package_name : '');
      return ok(request, { result: storeAddressProblem(url, is_online, pkg) === null });
    },
  );

  route(
    app,
    endpoints.apps.create,
    { ...common, summary: 'Create an app (under review)' },
    async (request) => {
      const m = requireManager(currentUser(request));
      return ok(request, await createApp(app.db, m, request.body, requestLang(request), app.now()));
    },
  );

  route(app, endpoints.apps.update, { ...common, summary: 'Save an app' }, async (request) => {
    const m = requireManager(currentUser(request));
    return ok(request, await updateApp(app.db, m, request.body, requestLang(request), app.now()));
  });

  route(
    app,
    endpoints.apps.remove,
    { ...common, summary: 'Delete an app (status −1, to-do action 4)' },
    async (request) => {
      const m = requireManager(currentUser(request));
      await deleteApp(app.db, m, request.body.id, app.now());
      return ok(request, null);
    },
  );

  route(
    app,
    endpoints.apps.setStatus,
    {
      ...common,
      summary: 'Change the status: 2 ↔ 3; operations also approve 1 → 2 or reject 1 → 4 (with a reason)',
    },
    async (request) => {
      const m = requireManager(currentUser(request));
      const { id, audit_status, reason } = request.body;
      await changeAppStatus(app.db, m, { id, to: audit_status, reason }, app.now(), requestLang(request));
      return ok(request, await getApp(app.db, m, id, requestLang(request)));
    },
  );
}

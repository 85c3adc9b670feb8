/**
 * App routes (spec §7 Apps; contracts apps.ts). Thin: access in access.ts, rules in app-rules.ts,
 * work in app-service.ts and app-status.ts.
 */
import {
  appCreateBody,
  appDeleteBody,
  appItem,
  appListData,
  appListQuery,
  appOption,
  appUpdateBody,
  existData,
  nameExistQuery,
  pkgExistQuery,
  statusBody,
  storeAddressProblem,
  urlValidData,
  urlValidQuery,
} from '@portal/contracts/apps.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLang } from '../../lib/request-lang.ts';
import { answer, ok } from '../../lib/route-schema.ts';
import { declareCaller } from '../../plugins/route-callers.ts';
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
  const common = { tags: ['apps'], security: [{ token: [] }] };
  // Every route of this group needs a session (api-contract §1): authenticated once, here.
  declareCaller(app, 'session');

  app.get(
    '/v1/app',
    {
      schema: {
        ...common,
        summary: 'One page of apps',
        querystring: appListQuery,
        response: { 200: answer(appListData) },
      },
    },
    async (request) => {
      const m = requireManager(currentUser(request));
      return ok(request, await listApps(app.db, m, request.query, requestLang(request)));
    },
  );

  app.get(
    '/v1/app/list',
    {
      schema: {
        ...common,
        summary: 'App options (not deleted)',
        response: { 200: answer(z.array(appOption)) },
      },
    },
    async (request) => ok(request, await appOptions(app.db, requireManager(currentUser(request)))),
  );

  app.get(
    '/v1/app/channel_name_exist',
    {
      schema: {
        ...common,
        summary: 'Is the app name taken in the organisation',
        querystring: nameExistQuery,
        response: { 200: answer(existData) },
      },
    },
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

  app.get(
    '/v1/app/pkg_exist',
    {
      schema: {
        ...common,
        summary: 'Is the package taken in the network',
        querystring: pkgExistQuery,
        response: { 200: answer(existData) },
      },
    },
    async (request) => {
      const m = requireManager(currentUser(request));
      const { package_name, id } = request.query;
      if (id !== undefined) await ownedApp(app.db, m, id);
      const exist = package_name.trim() !== '' && (await packageTaken(app.db, package_name, id));
      return ok(request, { exist });
    },
  );

  app.get(
    '/v1/app/urlvalid',
    {
      schema: {
        ...common,
        summary: 'Server check of the store address (format; Google Play id = package name)',
        querystring: urlValidQuery,
        response: { 200: answer(urlValidData) },
      },
    },
    async (request) => {
      const m = requireManager(currentUser(request));
      const { url, is_online, package_name, id } = request.query;
      const pkg = package_name || (id !== undefined ? (await ownedApp(app.db, m, id)).package_name : '');
      return ok(request, { result: storeAddressProblem(url, is_online, pkg) === null });
    },
  );

  app.post(
    '/v1/app',
    {
      schema: {
        ...common,
        summary: 'Create an app (under review)',
        body: appCreateBody,
        response: { 200: answer(appItem) },
      },
    },
    async (request) => {
      const m = requireManager(currentUser(request));
      return ok(request, await createApp(app.db, m, request.body, requestLang(request), app.now()));
    },
  );

  app.put(
    '/v1/app',
    {
      schema: { ...common, summary: 'Save an app', body: appUpdateBody, response: { 200: answer(appItem) } },
    },
    async (request) => {
      const m = requireManager(currentUser(request));
      return ok(request, await updateApp(app.db, m, request.body, requestLang(request), app.now()));
    },
  );

  app.delete(
    '/v1/app',
    {
      schema: {
        ...common,
        summary: 'Delete an app (status −1, to-do action 4)',
        body: appDeleteBody,
        response: { 200: answer(z.null()) },
      },
    },
    async (request) => {
      const m = requireManager(currentUser(request));
      await deleteApp(app.db, m, request.body.id, app.now());
      return ok(request, null);
    },
  );

  app.put(
    '/v1/app/status',
    {
      schema: {
        ...common,
        summary: 'Change the status: 2 ↔ 3; operations also approve 1 → 2 or reject 1 → 4 (with a reason)',
        body: statusBody,
        response: { 200: answer(appItem) },
      },
    },
    async (request) => {
      const m = requireManager(currentUser(request));
      const { id, audit_status, reason } = request.body;
      await changeAppStatus(app.db, m, { id, to: audit_status, reason }, app.now(), requestLang(request));
      return ok(request, await getApp(app.db, m, id, requestLang(request)));
    },
  );
}

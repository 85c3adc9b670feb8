/**
 * Account routes of the `/api/v1/user` group (spec §7 Account): `GET /api/v1/user/user_info` (code
 * 200, `data` = [user info]), `GET /api/v1/user/menu` (the caller's menu tree) and, beyond the spec
 * (issue 13 item 9), `PUT /api/v1/user/timezone` (the zone of the caller's hourly reports) and
 * (issue 27 item 4) `PUT /api/v1/user/language` (the language of the caller's mails). All need a
 * session.
 */
import { endpoints } from '@portal/contracts/endpoints.ts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { users } from '../../db/schema/users.ts';
import { route } from '../../lib/endpoint-route.ts';
import { requestLang } from '../../lib/request-lang.ts';
import { ok } from '../../lib/route-schema.ts';
import { currentUser } from '../../plugins/session.ts';
import { setUserLanguage } from '../notifications/language.ts';
import { loadReportAccess } from '../permission/report-access.ts';
import { loadAccountInfo } from './account-info.ts';
import { buildMenu } from './menu.ts';

export async function userRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  route(
    app,
    endpoints.account.userInfo,
    { tags: ['user'], summary: 'The signed-in user (answers code 200, data[0])' },
    async (request) => {
      const info = await loadAccountInfo(app, currentUser(request), requestLang(request));
      return ok(request, [info], 200);
    },
  );

  route(
    app,
    endpoints.account.setTimezone,
    {
      tags: ['user'],
      summary: "Set the caller's report time zone (IANA name, null for the network's); answers the user info",
    },
    async (request) => {
      const user = currentUser(request);
      await app.db
        .update(users)
        .set({ timezone: request.body.timezone, updated_at: app.now() })
        .where(eq(users.id, user.userId));
      return ok(request, await loadAccountInfo(app, user, requestLang(request)));
    },
  );

  route(
    app,
    endpoints.account.setLanguage,
    {
      tags: ['user'],
      summary: "Record the caller's UI language ('zh' or 'en'): the language of the caller's mails",
    },
    async (request) => {
      const user = currentUser(request);
      await setUserLanguage(app.db, user.userId, request.body.lang, app.now());
      return ok(request, null);
    },
  );

  route(
    app,
    endpoints.account.menu,
    { tags: ['user'], summary: "The signed-in user's menu tree" }, // The report guards' own cached access input (one query, reused by the report calls that follow).
    async (request) => {
      const menu = buildMenu(await loadReportAccess(app, currentUser(request)));
      return ok(request, menu);
    },
  );
}

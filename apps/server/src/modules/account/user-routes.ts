/**
 * Account routes of the `/api/v1/user` group (spec §7 Account): `GET /api/v1/user/user_info` (code
 * 200, `data` = [user info]), `GET /api/v1/user/menu` (the caller's menu tree) and, beyond the spec
 * (issue 13 item 9), `PUT /api/v1/user/timezone` (the zone of the caller's hourly reports) and
 * (issue 27 item 4) `PUT /api/v1/user/language` (the language of the caller's mails). All need a
 * session.
 */
import { menuItem, userInfo, userTimezoneBody } from '@portal/contracts/account.ts';
import { userLanguageBody } from '@portal/contracts/notifications.ts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema/users.ts';
import { requestLang } from '../../lib/request-lang.ts';
import { answer, ok } from '../../lib/route-schema.ts';
import { declareCaller } from '../../plugins/route-callers.ts';
import { currentUser } from '../../plugins/session.ts';
import { setUserLanguage } from '../notifications/language.ts';
import { loadReportAccess } from '../permission/report-access.ts';
import { loadAccountInfo } from './account-info.ts';
import { buildMenu } from './menu.ts';

export async function userRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // Every route of this group needs a session (api-contract §1): authenticated once, here.
  declareCaller(app, 'session');

  app.get(
    '/api/v1/user/user_info',
    {
      schema: {
        tags: ['user'],
        summary: 'The signed-in user (answers code 200, data[0])',
        security: [{ token: [] }],
        response: { 200: answer(z.array(userInfo)) },
      },
    },
    async (request) => {
      const info = await loadAccountInfo(app, currentUser(request), requestLang(request));
      return ok(request, [info], 200);
    },
  );

  app.put(
    '/api/v1/user/timezone',
    {
      schema: {
        tags: ['user'],
        summary:
          "Set the caller's report time zone (IANA name, null for the network's); answers the user info",
        security: [{ token: [] }],
        body: userTimezoneBody,
        response: { 200: answer(userInfo) },
      },
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

  app.put(
    '/api/v1/user/language',
    {
      schema: {
        tags: ['user'],
        summary: "Record the caller's UI language ('zh' or 'en'): the language of the caller's mails",
        security: [{ token: [] }],
        body: userLanguageBody,
        response: { 200: answer(z.null()) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await setUserLanguage(app.db, user.userId, request.body.lang, app.now());
      return ok(request, null);
    },
  );

  app.get(
    '/api/v1/user/menu',
    {
      schema: {
        tags: ['user'],
        summary: "The signed-in user's menu tree",
        security: [{ token: [] }],
        response: { 200: answer(z.array(menuItem)) },
      },
    },
    // The report guards' own cached access input (one query, reused by the report calls that follow).
    async (request) => {
      const menu = buildMenu(await loadReportAccess(app, currentUser(request)));
      return ok(request, menu);
    },
  );
}
